import type { Knex } from 'knex';

/** Something that uses a resource and keeps it from being deleted: a widget, a layout, a schedule, … */
export interface ResourceUse {
  kind: string;
  id: string;
  name: string;
}

/** Asked, in the deleting transaction, who uses the resource now. */
export type UseChecker<Ref = string> = (resource: Ref, trx: Knex.Transaction) => Promise<ResourceUse[]>;

/**
 * Who uses a resource of a module: the modules that use it register a checker, and a delete is
 * refused while any reports a use. A resource is named by its id, or by a richer reference (a
 * content kind's `{contentType, contentId}`).
 */
export class UsageRegistry<Ref = string> {
  private readonly checkers: UseChecker<Ref>[] = [];

  register(checker: UseChecker<Ref>): void {
    this.checkers.push(checker);
  }

  async usesOf(resource: Ref, trx: Knex.Transaction): Promise<ResourceUse[]> {
    const uses: ResourceUse[] = [];
    // One after another: they share the transaction's connection.
    for (const check of this.checkers) uses.push(...(await check(resource, trx)));
    return uses;
  }
}
