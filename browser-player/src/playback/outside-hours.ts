import type { OutsideHoursScreen } from '../seams.js';
import type { PlayerConfig } from '../wire/config.js';
import type { Manifest, ManifestAsset } from '../wire/manifest.js';

/**
 * What the screen shows outside its active hours (the config's `power.outsideActiveHoursDisplay`),
 * by the stock players' rules: black unless the config names text or the bouncing logo; the text
 * is the configured one, else the branding footer, else a default; drawn in the branding text
 * colour. The logo moves slowly over black so nothing burns into the panel. Pure.
 */
export const DEFAULT_OUTSIDE_HOURS_TEXT = 'Powered by signage-server';
const DEFAULT_TEXT_COLOR = '#F5F7FA';

export type OutsideHoursConfig = {
  power?: Partial<Pick<PlayerConfig['power'], 'outsideActiveHoursDisplay' | 'outsideActiveHoursText'>>;
  branding?: Partial<Pick<PlayerConfig['branding'], 'footerText' | 'textColor' | 'logoAssetId'>>;
};

export function outsideHoursScreen(c: OutsideHoursConfig, logoSrc: string | undefined): OutsideHoursScreen {
  const display = c.power?.outsideActiveHoursDisplay?.trim();
  if (display !== 'custom_text' && display !== 'bouncing_logo') return { display: 'black' };
  const text = c.power?.outsideActiveHoursText?.trim() || c.branding?.footerText?.trim() || DEFAULT_OUTSIDE_HOURS_TEXT;
  // Only a #rrggbb colour: anything else the branding holds is not trusted into a style.
  const colour = c.branding?.textColor?.trim() ?? '';
  const color = /^#[0-9a-f]{6}$/i.test(colour) ? colour : DEFAULT_TEXT_COLOR;
  if (display === 'custom_text') return { display, text, color };
  return { display, text, color, ...(logoSrc ? { logoSrc } : {}) };
}

/**
 * The organization's logo among the manifest's files: the variant the manifest's `branding` names,
 * else a file of the config's `logoAssetId` (a manifest from before the logo was set).
 */
export function brandingLogo(m: Manifest, configLogoAssetId: string | undefined): ManifestAsset | undefined {
  const named = m.branding;
  if (named) return m.assets.find((a) => a.assetId === named.logoAssetId && a.variantId === named.logoVariantId);
  return configLogoAssetId ? m.assets.find((a) => a.assetId === configLogoAssetId) : undefined;
}
