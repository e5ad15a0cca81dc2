import { notFound } from '../../kernel/errors.js';
import type { PublishableKind, PublishableKinds } from './editorial.api.js';

/** The kinds of content with drafts, by type, as their modules register them at start. */
export class PublishableKindRegistry implements PublishableKinds {
  private readonly kinds = new Map<string, PublishableKind>();

  register(kind: PublishableKind): void {
    if (this.kinds.has(kind.type))
      throw new Error(`publishable kind "${kind.type}" is registered twice (by ${this.kinds.get(kind.type)!.plugin} and ${kind.plugin})`);
    this.kinds.set(kind.type, kind);
  }

  /** The kind of `type`; 404 `content_type_unsupported` when no module registered it. */
  get(type: string): PublishableKind {
    const kind = this.kinds.get(type);
    if (!kind) throw notFound('content_type_unsupported', `No content of type “${type}” can be reviewed or published here.`);
    return kind;
  }

  has(type: string): boolean {
    return this.kinds.has(type);
  }
}
