import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { type LoginBackgroundDeps, loginBackgroundUses } from './login-background-deps.js';
import { LoginBackgroundRepository } from './login-background.repository.js';
import { loginBackgroundRoutes } from './login-background.routes.js';
import { LoginBackgroundService } from './login-background.service.js';

/**
 * The image behind the console's sign-in panel. A module of its own: it reads the media library,
 * and media defines settings, so neither the settings module nor auth (which media-less modules
 * boot with) can depend on media.
 */
export const loginBackgroundModule = definePlugin<LoginBackgroundDeps>({
  name: 'login-background',
  dependsOn: ['media'],
  uses: loginBackgroundUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      loginBackgroundRepository: asClass(LoginBackgroundRepository).singleton(),
      loginBackgroundService: asFunction((d: LoginBackgroundDeps) => new LoginBackgroundService(d)).singleton(),
    });
    r.routes(loginBackgroundRoutes);
    // An image the sign-in page shows is in use: deleting or archiving it is refused until another is chosen.
    r.onStart(({ assetUsage, loginBackgroundRepository }) =>
      assetUsage.register(async (assetIds, trx) => {
        const used = await loginBackgroundRepository.uses(assetIds, trx);
        return used ? [{ assetId: used, kind: 'login_background', id: 'login-background', name: 'Sign-in background' }] : [];
      }),
    );
  },
});
