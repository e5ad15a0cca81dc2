import { objectFit } from '../mounted.js';
import type { DrawContext } from './binding.js';

/**
 * An `asset_image` node: a picture of the media library, a file of the manifest's `assets` (its
 * `props.variantId` when given), loaded from where the offline cache says. The asset is the
 * binding's value, else `props.assetId`; `props.fit` is `contain` (default), `cover` or `stretch`.
 * A picture the manifest does not hold (or not an image) is left out.
 */
export function drawPicture(props: Record<string, unknown>, bound: string | undefined, ctx: DrawContext): HTMLElement | undefined {
  const assetId = bound || (typeof props.assetId === 'string' ? props.assetId : '');
  const variantId = typeof props.variantId === 'string' && props.variantId ? props.variantId : undefined;
  const file = assetId ? ctx.file(assetId, variantId) : undefined;
  if (!file?.mimeType.startsWith('image/')) return undefined;
  const img = document.createElement('img');
  img.className = 'pn-picture';
  img.alt = typeof props.contentDescription === 'string' ? props.contentDescription : '';
  img.decoding = 'async';
  // Fills what its parent leaves it; styled here rather than in player.css, which layouts share.
  Object.assign(img.style, {
    display: 'block',
    flex: '1 1 0',
    minWidth: '0',
    minHeight: '0',
    width: '100%',
    height: '100%',
    objectFit: objectFit(String(props.fit ?? 'contain')),
  });
  img.src = file.url;
  ctx.loading.push(img.decode().catch(() => undefined));
  return img;
}
