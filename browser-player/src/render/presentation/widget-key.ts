import type { ManifestWidget, PresentationBinding, PresentationNode } from '../../wire/manifest.js';

/**
 * What decides whether a widget on screen must be drawn again when a new manifest arrives: its
 * definition and the documents of the data sources it reads. No DOM, so Node tests import it.
 */

/** The data sources a presentation reads: its bindings, collections, conditions and charts (`sourceId` of `sourceId:datasetId`). */
export function sourcesOf(root: PresentationNode | undefined): string[] {
  const found = new Set<string>();
  const add = (ref: unknown) => {
    if (typeof ref === 'string' && ref) found.add(ref.split(':')[0]!);
  };
  const bound = (b: PresentationBinding | undefined) => {
    if (b?.source === 'dataset') add(b.dataset);
  };
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const n = node as PresentationNode;
    bound(n.binding);
    bound(n.condition?.binding);
    add(n.repeat?.dataset);
    add(n.props?.dataset);
    if (Array.isArray(n.children)) n.children.forEach(visit);
  };
  visit(root);
  return [...found].sort();
}

/**
 * A text that changes exactly when what the widget draws may change: its definition, the documents
 * of the sources it reads (`documentOf`, the manifest's `dataSources[].dataDocument`), and the
 * files it names (`fileOf`, where each is loaded from). Sources it does not read do not count.
 */
export function widgetKey(widget: ManifestWidget, documentOf: (sourceId: string) => unknown, fileOf: (assetId: string, variantId?: string) => unknown): string {
  const root = widget.presentation?.native?.root;
  const documents = sourcesOf(root).map((id) => [id, documentOf(id) ?? null]);
  const files = picturesOf(root).map(([assetId, variantId]) => [assetId, variantId ?? null, fileOf(assetId, variantId) ?? null]);
  return JSON.stringify([widget, documents, files]);
}

/** The files a presentation's `asset_image` nodes name by id (a picture bound to data follows the data). */
function picturesOf(root: PresentationNode | undefined): [string, string | undefined][] {
  const found: [string, string | undefined][] = [];
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const n = node as PresentationNode;
    if (n.type === 'asset_image' && typeof n.props?.assetId === 'string') {
      found.push([n.props.assetId, typeof n.props.variantId === 'string' && n.props.variantId ? n.props.variantId : undefined]);
    }
    if (Array.isArray(n.children)) n.children.forEach(visit);
  };
  visit(root);
  return found;
}
