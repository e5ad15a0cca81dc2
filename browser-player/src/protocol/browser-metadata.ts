import { get, set } from 'idb-keyval';
import type { PairingMetadata } from './api.js';

// Made once per browser profile: the server supersedes older pairing sessions of the same installation.
const INSTALLATION_KEY = 'player-installation-id';

/** The browser's name and version, from its brands (Chromium) or its user agent. */
function browserName(): string {
  const brands = (navigator as Navigator & { userAgentData?: { brands: { brand: string; version: string }[] } }).userAgentData?.brands ?? [];
  const brand = brands.find((b) => !/not.a.brand/i.test(b.brand) && b.brand !== 'Chromium') ?? brands.find((b) => b.brand === 'Chromium');
  if (brand) return `${brand.brand} ${brand.version}`;
  const ua = /(Firefox|Edg|OPR|Chrome|Safari)\/([\d.]+)/.exec(navigator.userAgent);
  return ua ? `${ua[1]} ${ua[2]}` : 'Browser';
}

const text = (s: string | undefined, fallback: string) => (s?.trim() ? s.trim().slice(0, 120) : fallback);

/**
 * What the browser player says about itself when it asks to pair: platform `web`, the browser as
 * the "OS version" the console shows beside it, and the screen in device pixels.
 */
export async function browserMetadata(playerVersion: string): Promise<PairingMetadata> {
  let installationId = await get<string>(INSTALLATION_KEY);
  if (!installationId) {
    installationId = crypto.randomUUID();
    await set(INSTALLATION_KEY, installationId);
  }
  const density = Math.min(10, Math.max(0.5, window.devicePixelRatio || 1));
  const px = (n: number) => Math.min(16384, Math.max(1, Math.round(n * density)));
  return {
    playerInstallationId: installationId,
    platform: 'web',
    manufacturer: text(navigator.vendor, 'Browser'),
    model: text(navigator.platform, 'Web'),
    androidVersion: text(browserName(), 'Browser'),
    playerVersion,
    screenWidth: px(window.screen.width),
    screenHeight: px(window.screen.height),
    density,
    locale: text(navigator.language, 'en'),
    timezone: text(Intl.DateTimeFormat().resolvedOptions().timeZone, 'UTC'),
  };
}
