import { get, set } from 'idb-keyval';
import type { PairingMetadata } from './api.js';
import type { Heartbeat } from '../wire/heartbeat.js';
import { randomId } from './random-id.js';

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
const locale = () => text(navigator.language, 'en');
const timezone = () => text(Intl.DateTimeFormat().resolvedOptions().timeZone, 'UTC');

/** The screen in device pixels (what a 4K TV's browser renders at 1920×1080 CSS pixels reports as 3840×2160). */
function screenPixels() {
  const density = Math.min(10, Math.max(0.5, window.devicePixelRatio || 1));
  const px = (n: number) => Math.min(16384, Math.max(1, Math.round(n * density)));
  return { density, screenWidth: px(window.screen.width), screenHeight: px(window.screen.height) };
}

/** The heartbeat's device fields, read afresh each time (a window moved to another display changes them). */
export function deviceFacts(): Partial<Heartbeat> {
  const { screenWidth, screenHeight } = screenPixels();
  return {
    screenWidth,
    screenHeight,
    locale: locale(),
    timezone: timezone(),
  };
}

/**
 * What the browser player says about itself when it asks to pair: platform `web`, the browser as
 * the "OS version" the console shows beside it, and the screen in device pixels.
 */
export async function browserMetadata(playerVersion: string): Promise<PairingMetadata> {
  let installationId = await get<string>(INSTALLATION_KEY);
  if (!installationId) {
    installationId = randomId();
    await set(INSTALLATION_KEY, installationId);
  }
  return {
    playerInstallationId: installationId,
    platform: 'web',
    manufacturer: text(navigator.vendor, 'Browser'),
    model: text(navigator.platform, 'Web'),
    androidVersion: text(browserName(), 'Browser'),
    playerVersion,
    ...screenPixels(),
    locale: locale(),
    timezone: timezone(),
  };
}
