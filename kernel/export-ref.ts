/**
 * A module's export, named once in its face (`<module>.api.ts`): which module provides it, the key
 * it is registered under and the type every consumer gets. The provider registers against the ref
 * (`r.export(ref, resolver)`, so the value must be a T); a consumer lists the refs it uses
 * (`definePlugin({ uses: { name: ref } })`) and derives its deps type from that list with
 * `UsedDeps`, so no consumer restates a foreign key or type. The kernel refuses to boot when a
 * plugin uses a ref of a module that is not among its dependencies or does not export it.
 */
export interface ExportRef<T> {
  /** The providing plugin's name. */
  readonly module: string;
  /** The key it is registered under in the provider's container. */
  readonly key: string;
  /** Carries T for the type checker only; never set. */
  readonly __type?: T;
}

export function exportRef<T>(module: string, key: string): ExportRef<T> {
  return Object.freeze({ module, key });
}

/** What a plugin takes from other modules: the name it resolves each one by, and its ref. */
export type Uses = Record<string, ExportRef<unknown>>;

/** The deps a `uses` list gives: each name typed by its ref. */
export type UsedDeps<U extends Uses> = { readonly [K in keyof U]: U[K] extends ExportRef<infer T> ? T : never };

export const describeRef = (ref: ExportRef<unknown>) => `"${ref.key}" of "${ref.module}"`;
