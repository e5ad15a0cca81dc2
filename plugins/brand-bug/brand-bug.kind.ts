import type { AssetRow, AssetsRepository, VariantRow } from '../../core-modules/media/assets.repository.js';
import { downloadPath, servedVariant } from '../../core-modules/player/manifest-builder.js';
import type { InstanceKind } from '../../core-modules/plugin-catalog/instances/instance-service.js';
import type { ValidationIssue } from '../../kernel/errors.js';
import { brandBugDefaults, type BrandBugSettings } from './brand-bug.fields.js';

const issue = (field: string, message: string): ValidationIssue => ({ field: `body/${field}`, message });

async function logoProblem(assets: AssetsRepository, id: string): Promise<string | undefined> {
  const asset = await assets.byId(id);
  if (!asset) return 'No such asset.';
  if (asset.type !== 'image') return `The logo must be an image; this asset is a ${asset.type}.`;
  if (asset.processing_status !== 'ready') return `The logo is ${asset.processing_status}; only ready images can be used.`;
  if (asset.archived_at) return 'The logo is archived; restore it first.';
  return undefined;
}

/** The file each logo is served as now, through the same choice the player module makes for playlist items. */
async function servedLogos(assets: AssetsRepository, ids: string[]): Promise<Map<string, { asset: AssetRow; variant: VariantRow }>> {
  const wanted = [...new Set(ids)];
  const [rows, variants] = await Promise.all([assets.byIds(wanted), assets.variantsOf(wanted)]);
  const served = new Map<string, { asset: AssetRow; variant: VariantRow }>();
  for (const asset of rows) {
    const variant = servedVariant(asset, variants.filter((v) => v.asset_id === asset.id));
    if (variant) served.set(asset.id, { asset, variant });
  }
  return served;
}

// The download path names the file to the player module, which lists it in the screen's `assets`
// (`filesNamedBy`): the player caches and verifies it there, and only that screen may download it.
const logoConfig = ({ asset, variant }: { asset: AssetRow; variant: VariantRow }) => ({
  imageAssetId: asset.id,
  imageVariantId: variant.id,
  imageDownloadPath: downloadPath(asset.id, variant.id),
  imageAvailableFrom: asset.available_from?.toISOString(),
  imageExpiresAt: asset.expires_at?.toISOString(),
});

/** What makes an instance a brand bug: its rules and what a player is told to draw. */
export function brandBugKind(assets: AssetsRepository): InstanceKind<BrandBugSettings> {
  return {
    plugin: 'brand-bug',
    type: 'brand_bug',
    noun: 'brand bug',
    defaults: brandBugDefaults,
    async check(s) {
      const problems: ValidationIssue[] = [];
      if (!s.imageAssetId && !s.text.trim()) problems.push(issue('text', 'A brand bug needs a logo, text, or both: give non-blank text or an imageAssetId.'));
      const logo = s.imageAssetId ? await logoProblem(assets, s.imageAssetId) : undefined;
      if (logo) problems.push(issue('imageAssetId', logo));
      if (s.startsAt && s.endsAt && Date.parse(s.endsAt) <= Date.parse(s.startsAt)) problems.push(issue('endsAt', 'endsAt must be after startsAt.'));
      return problems;
    },
    async manifestConfigs(rows) {
      const logos = await servedLogos(assets, rows.flatMap((r) => (r.settings.imageAssetId ? [r.settings.imageAssetId] : [])));
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
