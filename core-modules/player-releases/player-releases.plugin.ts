import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { CodehostClient } from './codehost-client.js';
import { CodehostSignIn } from './codehost-sign-in.js';
import { playerReleasesRef } from './player-releases.api.js';
import { loadPlayerReleasesConfig } from './player-releases-config.js';
import type { PlayerReleasesDeps } from './player-releases-deps.js';
import { playerReleasesFace } from './player-releases-face.js';
import { playerReleasesJobs } from './player-releases.jobs.js';
import { playerReleasesRoutes } from './player-releases.routes.js';
import { ReleaseCache } from './release-cache.js';
import { ReleaseCatalog } from './release-catalog.js';
import { ReleaseRemoval } from './release-removal.js';
import { ReleaseUpload } from './release-upload.js';
import { ReleaseUses } from './release-uses.js';
import { ReleasesRepository } from './releases.repository.js';

/** Player releases (spec 4.19): the player builds from the codehost or uploaded, verified by their signed update manifests. */
export const playerReleasesModule = definePlugin<PlayerReleasesDeps>({
  name: 'player-releases',
  dependsOn: [],
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      playerReleasesConfig: asFunction(({ config }: PlayerReleasesDeps) => loadPlayerReleasesConfig(config)).singleton(),
      releasesRepository: asClass(ReleasesRepository).singleton(),
      releaseUses: asClass(ReleaseUses).singleton(),
      codehostClient: asFunction(({ playerReleasesConfig }: PlayerReleasesDeps) => new CodehostClient(playerReleasesConfig.codehost)).singleton(),
      codehostSignIn: asFunction(
        ({ playerReleasesConfig, codehostClient, releasesRepository, secretBox }: PlayerReleasesDeps) =>
          new CodehostSignIn({ config: playerReleasesConfig.codehost, codehostClient, releasesRepository, secretBox }),
      ).singleton(),
      releaseCatalog: asFunction((d: PlayerReleasesDeps) => new ReleaseCatalog(d)).singleton(),
      releaseCache: asFunction((d: PlayerReleasesDeps) => new ReleaseCache(d)).singleton(),
      releaseUpload: asFunction((d: PlayerReleasesDeps) => new ReleaseUpload(d)).singleton(),
      releaseRemoval: asFunction((d: PlayerReleasesDeps) => new ReleaseRemoval(d)).singleton(),
    });
    r.routes(playerReleasesRoutes);
    r.jobs(playerReleasesJobs);
    r.export(playerReleasesRef, asFunction((d: PlayerReleasesDeps) => playerReleasesFace(d)).singleton());
    // Resolving the config here makes a bad setting stop the boot, not the first request.
    r.onStart(({ playerReleasesConfig: _config, secretBox, codehostSignIn }) => {
      secretBox.register({ name: 'player-releases: codehost token', reseal: () => codehostSignIn.resealToken() });
    });
  },
});
