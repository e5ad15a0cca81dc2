import { Type, type Static } from '@sinclair/typebox';
import { Stamp, Uuid } from '../../kernel/http/wire.js';
import type { ManifestSection } from '../player/player.api.js';

const Bezel = Type.Integer({ minimum: 0, maximum: 500 });

export const SyncGroupSchema = Type.Object(
  { id: Uuid, playbackEpoch: Stamp },
  { description: 'The screen’s group: members play in step from `playbackEpoch`.' },
);
export const CanvasSchema = Type.Object(
  { width: Type.Integer({ minimum: 320, maximum: 16384 }), height: Type.Integer({ minimum: 320, maximum: 16384 }) },
  { description: 'A video wall’s logical canvas (span groups only).' },
);
export const ViewportSchema = Type.Object(
  {
    x: Type.Integer({ minimum: 0 }),
    y: Type.Integer({ minimum: 0 }),
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
    rotation: Type.Integer(),
    order: Type.Integer({ minimum: 0, maximum: 63 }),
    bezelLeft: Bezel,
    bezelTop: Bezel,
    bezelRight: Bezel,
    bezelBottom: Bezel,
  },
  { description: 'This screen’s panel of the wall’s canvas (span groups only).' },
);

declare module '../player/player.api.js' {
  interface ManifestSections {
    syncGroup: Static<typeof SyncGroupSchema>;
    canvas: Static<typeof CanvasSchema>;
    viewport: Static<typeof ViewportSchema>;
  }
}

/** A member's group and, on a wall, its panel: one value each, from the group (the only source of them). */
export const groupSections: ManifestSection<'syncGroup' | 'canvas' | 'viewport'>[] = [
  { name: 'syncGroup', schema: SyncGroupSchema, merge: 'single' },
  { name: 'canvas', schema: CanvasSchema, merge: 'single' },
  { name: 'viewport', schema: ViewportSchema, merge: 'single' },
];
