import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { ManifestSection } from '../player/player.api.js';
import { LayoutDocumentSchema } from './layout-document.js';

/** A published layout as the players read it (their `ManifestLayout`): the revision's document with each file's variant filled in. */
export const ManifestLayoutSchema = Type.Object({
  id: Uuid,
  revisionId: Uuid,
  revision: Type.Integer(),
  documentSha256: Type.String({ description: 'Of the published document as stored (before variants are filled in).' }),
  document: LayoutDocumentSchema,
});
export type ManifestLayout = Static<typeof ManifestLayoutSchema>;

declare module '../player/player.api.js' {
  interface ManifestLists {
    /** Every layout the screen may show: its own, a schedule's, a playlist item's. */
    layouts: ManifestLayout[];
  }
  interface ManifestSections {
    /** What the screen shows when nothing ranked above holds, when that is a layout. */
    layout: ManifestLayout;
    /** The same layout under the name the players keep for after schedules end. */
    directFallbackLayout: ManifestLayout;
  }
}

// Layouts are read by every schema the server builds (11 up), as the reference sends them.
export const layoutSections = [
  {
    name: 'layouts',
    schema: Type.Array(ManifestLayoutSchema, { description: 'Every layout the screen may show: its own, a schedule’s, a playlist item’s.' }),
    merge: 'list',
  } satisfies ManifestSection<'layouts'>,
  {
    name: 'layout',
    schema: ManifestLayoutSchema,
    merge: 'fallback',
    // Always, like an assigned playlist: the source's rank decides against the others.
    claims: (layout, source) => [{ source: source.name, rank: source.rank, id: layout.id, content: { layoutId: layout.id } }],
  } satisfies ManifestSection<'layout'>,
  { name: 'directFallbackLayout', schema: ManifestLayoutSchema, merge: 'fallback' } satisfies ManifestSection<'directFallbackLayout'>,
];
