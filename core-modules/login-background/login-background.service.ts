import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { invalidInput, notFound } from '../../kernel/errors.js';
import type { FileToSend } from '../../kernel/http/file-response.js';
import type { LoginBackgroundBaseDeps } from './login-background-deps.js';

/** Where the sign-in page finds its image; the console shows it there whether or not one is set. */
export const LOGIN_BACKGROUND_URL = '/api/v1/auth/background';

export interface LoginBackground {
  assetId?: string;
  imageUrl: string;
}

const notSet = () => notFound('login_background_not_set', 'No sign-in background image is set.');

type Deps = Pick<LoginBackgroundBaseDeps, 'db' | 'auditLog' | 'mediaLibrary' | 'loginBackgroundRepository'>;

/**
 * The image behind the console's sign-in panel: an image from the media library, chosen by an owner
 * or administrator, served to anyone (the sign-in page is shown before signing in). With none set
 * there is no image: we link no third-party default, so the sign-in page calls out to nobody.
 */
export class LoginBackgroundService {
  constructor(private readonly d: Deps) {}

  async get(): Promise<LoginBackground> {
    const assetId = await this.d.loginBackgroundRepository.assetId();
    return { ...(assetId && { assetId }), imageUrl: LOGIN_BACKGROUND_URL };
  }

  async set(actor: ConsolePrincipal, assetId: string, ip: string): Promise<LoginBackground> {
    const asset = (await this.d.mediaLibrary.summaries([assetId])).get(assetId);
    if (asset?.type !== 'image' || asset.status !== 'ready' || asset.archived) {
      throw invalidInput('login_background_invalid', 'The sign-in background must be a ready image from the media library.', 'body/assetId');
    }
    await this.d.db.transaction(async (trx) => {
      await this.d.loginBackgroundRepository.set(assetId, actor.userId, trx);
      await this.d.auditLog.record(
        { action: 'branding.login_background_changed', actor, ip, resourceType: 'organization', resourceId: 'login-background', metadata: { assetId } },
        trx,
      );
    });
    return { assetId, imageUrl: LOGIN_BACKGROUND_URL };
  }

  async clear(actor: ConsolePrincipal, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      await this.d.loginBackgroundRepository.set(null, actor.userId, trx);
      await this.d.auditLog.record({ action: 'branding.login_background_reset', actor, ip, resourceType: 'organization', resourceId: 'login-background' }, trx);
    });
  }

  /** The image's file (its playback copy, else the original); 404 when none is set or it can no longer be served. */
  async file(): Promise<FileToSend> {
    const assetId = await this.d.loginBackgroundRepository.assetId();
    if (!assetId) throw notSet();
    const served = (await this.d.mediaLibrary.served([assetId])).get(assetId);
    const file = served && (await this.d.mediaLibrary.variantFile(assetId, served.variantId));
    if (!file) throw notSet();
    return file;
  }
}
