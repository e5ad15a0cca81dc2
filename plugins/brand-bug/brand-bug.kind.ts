import type { MediaLibrary, ServedFile } from '../../core-modules/media/media.api.js';
import { downloadPath } from '../../core-modules/player/player.api.js';
import type { InstanceKind } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import type { ValidationIssue } from '../../kernel/errors.js';
import { brandBugDefaults, type BrandBugSettings } from './brand-bug.fields.js';

const issue = (field: string, message: string): ValidationIssue => ({ field: `body/${field}`, message });

async function logoProblem(library: MediaLibrary, id: string): Promise<string | undefined> {
  const asset = (await library.summaries([id])).get(id);
  if (!asset) return 'No such asset.';
  if (asset.type !== 'image') return `The logo must be an image; this asset is a ${asset.type}.`;
  if (asset.status !== 'ready') return `The logo is ${asset.status}; only ready images can be used.`;
  if (asset.archived) return 'The logo is archived; restore it first.';
  return undefined;
}

// The download path names the file to the player module, which lists it in the screen's `assets`
// (`filesNamedBy`): the player caches and verifies it there, and only that screen may download it.
const logoConfig = (logo: ServedFile) => ({
  imageAssetId: logo.assetId,
  imageVariantId: logo.variantId,
  imageDownloadPath: downloadPath(logo.assetId, logo.variantId),
  imageAvailableFrom: logo.availableFrom,
  imageExpiresAt: logo.expiresAt,
});

/** What makes an instance a brand bug: its rules and what a player is told to draw. */
export function brandBugKind(library: MediaLibrary): InstanceKind<BrandBugSettings> {
  return {
    plugin: 'brand-bug',
    type: 'brand_bug',
    noun: 'brand bug',
    defaults: brandBugDefaults,
    async check(s) {
      const problems: ValidationIssue[] = [];
      if (!s.imageAssetId && !s.text.trim()) problems.push(issue('text', 'A brand bug needs a logo, text, or both: give non-blank text or an imageAssetId.'));
      const logo = s.imageAssetId ? await logoProblem(library, s.imageAssetId) : undefined;
      if (logo) problems.push(issue('imageAssetId', logo));
      if (s.startsAt && s.endsAt && Date.parse(s.endsAt) <= Date.parse(s.startsAt)) problems.push(issue('endsAt', 'endsAt must be after startsAt.'));
      return problems;
    },
    async manifestConfigs(rows) {
      const logos = await library.served(rows.flatMap((r) => (r.settings.imageAssetId ? [r.settings.imageAssetId] : [])));
      const configs = new Map<string, Record<string, unknown>>();
      for (const row of rows) {
        const { imageAssetId, ...shown } = row.settings;
        const logo = imageAssetId ? logos.get(imageAssetId) : undefined;
        // A logo no longer served (reprocessing, archived) leaves the text; with no text there is nothing to draw.
        if (!logo && !shown.text.trim()) continue;
        configs.set(row.id, { name: row.name, ...shown, ...(logo && logoConfig(logo)) });
      }
      return configs;
    },
  };
}
