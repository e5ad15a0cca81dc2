import { asClass, asFunction } from 'awilix';
import { definePlugin, type ModulePart } from '../../kernel/plugin.js';
import { AssetsRepository } from './assets.repository.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { AssetUsageRegistry } from './library/asset-usage.js';
import { libraryPart } from './library/library.part.js';
import { mediaGraph } from './library/media-graph.js';
import { loadMediaConfig } from './media-config.js';
import { TaggedMediaRepository } from './library/organization/tagged-media.repository.js';
import { MediaEvents } from './media-events.js';
import { MediaLibraryReader } from './library/media-library-reader.js';
import { PlayableTypes } from './playable-types.js';
import { assetUsageRef, mediaEventsRef, mediaLibraryRef, type MediaUpkeep, mediaUpkeepRef, playableTypesRef } from './media.api.js';
import { CLEAN_EXPIRED_UPLOADS_JOB } from './uploads/uploads.jobs.js';
import { mediaUses } from './media-base-deps.js';
import type { MediaDeps } from './media-deps.js';
import { processingFailedCondition } from './processing/failed-condition.js';
import { processingPart } from './processing/processing.part.js';
import { migrateCommands } from './storage-move/migrate.command.js';
import { uploadsPart } from './uploads/uploads.part.js';

const parts = [uploadsPart, processingPart, libraryPart] as ModulePart<MediaDeps>[];

/** The media library: resumable uploads, processing (sharp, ffmpeg), assets and their organization. */
export const mediaModule = definePlugin<MediaDeps>({
  name: 'media',
  dependsOn: ['settings', 'dependency-graph', 'notifications', 'console-events'],
  uses: mediaUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      mediaConfig: asFunction(({ config }: KernelDeps) => loadMediaConfig(config)).singleton(),
      assetsRepository: asClass(AssetsRepository).singleton(),
      taggedMediaRepository: asClass(TaggedMediaRepository).singleton(),
    });
    // Later modules (playlists, layouts) register who uses an asset; delete and archive ask it.
    r.export(assetUsageRef, asClass(AssetUsageRegistry).singleton());
    // The manifest subscribes to variant changes (see MediaEvents).
    r.export(mediaEventsRef, asFunction((d: MediaDeps) => new MediaEvents(d)).singleton());
    // The library as other modules read it: summaries, tags for tag rules, the files screens are given.
    r.export(mediaLibraryRef, asClass(MediaLibraryReader).singleton());
    // How each asset type is played; a module owning a type (widgets, later) registers it.
    r.export(playableTypesRef, asClass(PlayableTypes).singleton());
    // The system status counts what is in processing; an operator's maintenance cleans expired uploads.
    r.export(
      mediaUpkeepRef,
      asFunction(
        ({ assetsRepository, jobs }: MediaDeps): MediaUpkeep => ({
          processingCount: () => assetsRepository.countInProcessing(),
          requestExpiredUploadCleanup: async () => void (await jobs.send(CLEAN_EXPIRED_UPLOADS_JOB, {})),
        }),
      ).singleton(),
    );
    for (const part of parts) part(r);
    r.commands(migrateCommands);
    r.onStart((d) => {
      d.dependencyGraph.register(mediaGraph(d.db));
      d.notificationConditions.add(processingFailedCondition(d));
    });
    r.onStart(({ playableTypes, mediaLibrary }) => {
      playableTypes.register(mediaLibrary.filePlayback('image'));
      playableTypes.register(mediaLibrary.filePlayback('video'));
    });
    // Events other processes announced and have yet to tell are theirs (or another's) to finish.
    r.onStop(({ mediaEvents }) => mediaEvents.stop());
  },
});
