import sharp from 'sharp';
import { AppError, conflict, invalidInput, notFound } from '../../kernel/errors.js';
import type { UploadedFile } from '../../kernel/http/body.js';
import type { Capture } from './previews.repository.js';
import type { PreviewsBaseDeps } from './previews-base-deps.js';

export const LEASE_SECONDS = 60;
export const CAPTURE_INTERVAL_SECONDS = 20;
export const MAX_IMAGE_BYTES = 500 * 1024;
export const MAX_WIDTH = 960;
export const MAX_HEIGHT = 540;

/** What a player reports instead of an image: a short code such as `unavailable` or `sensitive_pairing`. */
export const FAILURE_STATUS = '^[a-z][a-z0-9_]{0,63}$';

export interface PreviewUpload {
  capturedAt?: string;
  playerVersion: string;
  failureStatus?: string;
  file?: UploadedFile;
}

type Deps = Pick<PreviewsBaseDeps, 'previewsRepository' | 'screensService' | 'playerMessages' | 'consoleEvents'>;

const previewNotFound = () => notFound('preview_not_found', 'This screen has no preview image.');

// The only formats accepted, told by their first bytes whatever the part's declared type says.
function sniff(bytes: Buffer): 'image/jpeg' | 'image/webp' | undefined {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/**
 * Live previews: the console holds a short lease on a screen while it shows it; the player polls
 * the lease, captures about every 20 seconds while it is active (at once when a capture is
 * asked for) and uploads a small image, or a failure status for a screen it must not show.
 */
export class PreviewService {
  constructor(private readonly d: Deps) {}

  /** Starts or renews the lease; `forceCapture` asks the player for a capture now. */
  async renew(screenId: string, forceCapture: boolean) {
    await this.d.screensService.get(screenId);
    const expiresAt = await this.d.previewsRepository.renewLease(screenId, LEASE_SECONDS, forceCapture);
    await this.d.playerMessages.send('preview.session_changed', screenId, {});
    return { active: true, expiresAt: expiresAt.toISOString(), captureIntervalSeconds: CAPTURE_INTERVAL_SECONDS, captureNow: forceCapture };
  }

  /** The lease as the player reads it: `captureNow` until it uploads after the request. */
  async playerSession(screenId: string) {
    const row = await this.d.previewsRepository.lease(screenId);
    if (!row) return { active: false, expiresAt: null, captureIntervalSeconds: CAPTURE_INTERVAL_SECONDS, captureNow: false };
    return {
      active: row.active,
      expiresAt: row.lease_expires_at.toISOString(),
      captureIntervalSeconds: CAPTURE_INTERVAL_SECONDS,
      captureNow: row.active && row.capture_now,
    };
  }

  /** Replaces the screen's preview with this capture or failure; only while a lease is active. */
  async record(screenId: string, upload: PreviewUpload): Promise<void> {
    const capture: Capture = upload.failureStatus
      ? { failure_status: upload.failureStatus, image: null, content_type: null, captured_at: null, width: null, height: null, file_size: null }
      : await this.checkedImage(upload);
    if (!(await this.d.previewsRepository.record(screenId, capture, upload.playerVersion)))
      throw conflict('preview_session_expired', 'No preview is being watched on this screen now.');
    this.d.consoleEvents.publish('screen.preview', { screenId, capturedAt: capture.captured_at?.toISOString() ?? null });
  }

  private async checkedImage(upload: PreviewUpload): Promise<Capture> {
    const { file } = upload;
    if (!file?.bytes.length) throw invalidInput('invalid_preview', 'Send a `preview` image or a `failureStatus`.', 'body/preview');
    if (!upload.capturedAt) throw invalidInput('invalid_preview', 'capturedAt is required with an image.', 'body/capturedAt');
    if (file.bytes.length > MAX_IMAGE_BYTES)
      throw new AppError('payload_too_large', 'preview_too_large', `A preview image is at most ${MAX_IMAGE_BYTES} bytes.`);
    const contentType = sniff(file.bytes);
    if (!contentType) throw new AppError('unsupported_media_type', 'unsupported_preview_type', 'A preview image is a JPEG or WebP file.');
    // The size stored is the image's own, read from its header, not the form's claim.
    const meta = await sharp(file.bytes)
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height) throw invalidInput('invalid_preview', 'The preview image cannot be read.', 'body/preview');
    if (meta.width > MAX_WIDTH || meta.height > MAX_HEIGHT)
      throw invalidInput('invalid_preview', `A preview image is at most ${MAX_WIDTH}×${MAX_HEIGHT}.`, 'body/preview');
    return {
      failure_status: null,
      image: file.bytes,
      content_type: contentType,
      captured_at: new Date(upload.capturedAt),
      width: meta.width,
      height: meta.height,
      file_size: file.bytes.length,
    };
  }

  async metadata(screenId: string) {
    await this.d.screensService.get(screenId);
    const row = await this.d.previewsRepository.facts(screenId);
    if (!row)
      return {
        screenId,
        status: 'unavailable' as const,
        imageAvailable: false,
        leaseExpiresAt: null,
        capturedAt: null,
        playerVersion: null,
        width: null,
        height: null,
        fileSize: null,
        captureFailureStatus: null,
        updatedAt: null,
      };
    const failure: string | null = row.failure_status;
    const status = failure
      ? failure.startsWith('sensitive_') || failure === 'unavailable'
        ? 'unavailable'
        : 'capture_error'
      : row.has_image
        ? 'available'
        : row.active
          ? 'loading'
          : 'unavailable';
    return {
      screenId,
      status,
      imageAvailable: row.has_image,
      leaseExpiresAt: row.lease_expires_at.toISOString(),
      capturedAt: row.captured_at?.toISOString() ?? null,
      playerVersion: row.player_version,
      width: row.width,
      height: row.height,
      fileSize: row.file_size,
      captureFailureStatus: failure,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async latestImage(screenId: string): Promise<{ contentType: string; bytes: Buffer }> {
    await this.d.screensService.get(screenId);
    const row = await this.d.previewsRepository.image(screenId);
    if (!row) throw previewNotFound();
    return { contentType: row.content_type, bytes: row.image };
  }
}
