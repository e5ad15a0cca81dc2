import { Type } from '@sinclair/typebox';
import { asClass, asFunction, asValue } from 'awilix';
import { AfterCommitEvents } from '../../../kernel/after-commit-events.js';
import { retentionJob } from '../../../kernel/jobs/retention-job.js';
import type { ModulePart } from '../../../kernel/plugin.js';
import { heartbeatExtensionsRef, playerFactsChangedRef, screenClocksRef } from '../screens.api.js';
import { ContactBuffer } from './contact-buffer.js';
import { ContactRepository } from './contact.repository.js';
import { HeartbeatExtensions } from './heartbeat-extensions.js';
import { HeartbeatService } from './heartbeat.service.js';
import { playerRoutes } from './player.routes.js';
import { playerSocketRoutes } from './player-socket.js';
import { PowerAssistRepository } from './power-assist.repository.js';
import { PresenceRepository } from './presence.repository.js';
import { PresenceService } from './presence.service.js';
import { reliabilityRoutes } from './reliability.routes.js';
import { ReliabilityService } from './reliability.service.js';
import { ScreenClocks } from './screen-clocks.js';
import { serverHello, serverPing } from './session-messages.js';
import { screenStatusEvent } from './screen-status-event.js';
import { ScreenStatusAnnouncer } from './status-announcer.js';
import type { PresenceDeps } from './presence-deps.js';

/** The reliability summary reads a day; a month leaves room for a longer view. */
const CONTACT_HOURS_KEEP_DAYS = 31;

/**
 * Presence and contact: the player socket (presence shared across server processes), heartbeats and
 * liveness, contact times buffered and flushed in batches, reliability and power assist.
 */
export const presencePart: ModulePart<PresenceDeps> = (r) => {
  // One per kernel, made here: the heartbeat route composes its answer schema from it.
  const heartbeatExtensions = new HeartbeatExtensions();
  r.provide({
    presenceRepository: asClass(PresenceRepository).singleton(),
    contactRepository: asClass(ContactRepository).singleton(),
    powerAssistRepository: asClass(PowerAssistRepository).singleton(),
    contactBuffer: asFunction(
      (d: PresenceDeps) => new ContactBuffer(d.contactRepository, d.logger, d.playerFactsChanged, (ids) => d.screenStatusAnnouncer.changed(ids)),
    ).singleton(),
    screenStatusAnnouncer: asFunction((d: PresenceDeps) => new ScreenStatusAnnouncer(d)).singleton(),
    presenceService: asFunction((d: PresenceDeps) => new PresenceService(d)).singleton(),
    heartbeatService: asFunction((d: PresenceDeps) => new HeartbeatService(d)).singleton(),
    reliabilityService: asFunction((d: PresenceDeps) => new ReliabilityService(d)).singleton(),
  });
  // Later modules take parts of heartbeats (noise history) and add fields to the answer, and put
  // players' times on the server's clock.
  r.export(heartbeatExtensionsRef, asValue(heartbeatExtensions));
  r.export(screenClocksRef, asFunction((d: PresenceDeps) => new ScreenClocks(d)).singleton());
  // The player module rebuilds the manifest of a screen whose player reports another profile.
  r.export(playerFactsChangedRef, asFunction((d: PresenceDeps) => new AfterCommitEvents<string>(d, 'player-facts-changed')).singleton());
  r.routes([...playerRoutes(heartbeatExtensions), ...reliabilityRoutes]);
  r.sockets(playerSocketRoutes);
  r.jobs([
    {
      name: 'screens.announce-status-changes',
      payload: Type.Object({}),
      cron: '* * * * *',
      expireInSeconds: 60,
      retry: { limit: 0, delaySeconds: 60 },
      handler: async (_payload, { screenStatusAnnouncer }) => void (await screenStatusAnnouncer.sweep()),
    },
    retentionJob<PresenceDeps>({
      name: 'screens.purge-contact-history',
      cron: '43 3 * * *',
      what: 'old screen contact counts',
      purge: ({ contactRepository }) => contactRepository.purgeHoursOlderThan(CONTACT_HOURS_KEEP_DAYS),
    }),
  ]);
  r.onStart(({ playerMessages, consoleEvents }) => {
    playerMessages.declare(serverHello);
    playerMessages.declare(serverPing);
    consoleEvents.declare(screenStatusEvent);
  });
  r.onStart(({ contactBuffer, presenceService, screensConfig }) => {
    contactBuffer.start(screensConfig.contactFlushMs);
    presenceService.start();
  });
  // Stop hooks run last-registered first: this process's presence rows go (its sockets are closed
  // by now), then the final contact flush.
  r.onStop(({ playerFactsChanged }) => playerFactsChanged.stop());
  r.onStop(({ screenStatusAnnouncer }) => screenStatusAnnouncer.flush());
  r.onStop(({ contactBuffer }) => contactBuffer.stop());
  r.onStop(({ presenceService }) => presenceService.stop());
};
