import { Type, type Static } from '@sinclair/typebox';
import { Uuid, Stamp } from '../../kernel/http/wire.js';

export const CORNERS = ['top_left', 'top_right', 'bottom_left', 'bottom_right'] as const;
export const BACKGROUND_STYLES = ['none', 'scrim'] as const;

const literals = <T extends readonly string[]>(values: T, description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const StampOrNull = (description: string) => Type.Optional(Type.Union([Stamp, Type.Null()], { description }));

/**
 * A brand bug's own fields (spec 2.2; bounds from the reference server). Sizes are percentages of
 * the screen, so one instance reads the same on any panel.
 */
export const brandBugFields = {
  corner: literals(CORNERS, 'Where the mark sits; one mark per corner is shown (highest priority, then id).'),
  imageAssetId: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'The logo: a ready image of the media library, or null for text only.' })),
  text: Type.String({ maxLength: 180, description: 'May be empty when there is a logo.' }),
  widthPercent: Type.Integer({ minimum: 2, maximum: 40, description: 'Logo width, % of the screen width.' }),
  textSizePercent: Type.Integer({ minimum: 1, maximum: 12, description: 'Text height, % of the screen height.' }),
  opacityPercent: Type.Integer({ minimum: 10, maximum: 100 }),
  marginPercent: Type.Integer({ minimum: 0, maximum: 20, description: 'Distance from the corner, % of the short edge.' }),
  textColor: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: '`#RRGGBB`.' }),
  backgroundStyle: literals(BACKGROUND_STYLES, '`scrim` draws a translucent backdrop behind the mark.'),
  startsAt: StampOrNull('Shown from then on; null (the default) for at once.'),
  endsAt: StampOrNull('Shown until then (after startsAt); null (the default) for no end.'),
  priority: Type.Integer({ minimum: -1000, maximum: 1000 }),
};

const Settings = Type.Object(brandBugFields);
export type BrandBugSettings = Static<typeof Settings>;

/** Optional fields left out are stored as null, so the view and the manifest always carry them. */
export const brandBugDefaults: Partial<BrandBugSettings> = { imageAssetId: null, startsAt: null, endsAt: null };
