import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { editorialRef, publishableKindsRef } from './editorial.api.js';
import { type EditorialDeps, editorialUses } from './editorial-deps.js';
import { EditorialService } from './editorial.service.js';
import { editorialJobs, PUBLISH_DUE_JOB } from './editorial.jobs.js';
import { editorialRoutes } from './editorial.routes.js';
import { HistoryService } from './history.service.js';
import { PublicationsRepository } from './publications.repository.js';
import { PublishableKindRegistry } from './publishable-kinds.js';
import { Publishing } from './publishing.js';
import { ReviewPolicy, reviewSettings } from './review-policy.js';
import { ReviewService } from './review.service.js';
import { ScheduledPublications } from './scheduled-publications.js';
import { submissionChanged } from './submission-events.js';
import { SubmissionViews } from './submission-views.js';
import { SubmissionsRepository } from './submissions.repository.js';

/**
 * Editorial workflow (spec 4.14): content with drafts (playlists, layouts, campaigns, each
 * registered by its module as a publishable kind) is published directly or through a reviewed
 * submission that freezes the draft, and every publication keeps what it made live, so history
 * can be compared, restored to a draft and rolled back.
 */
export const editorialModule = definePlugin<EditorialDeps>({
  name: 'editorial',
  dependsOn: ['settings', 'auth', 'notifications', 'console-events'],
  uses: editorialUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      submissionsRepository: asClass(SubmissionsRepository).singleton(),
      publicationsRepository: asClass(PublicationsRepository).singleton(),
      reviewPolicy: asFunction((d: EditorialDeps) => new ReviewPolicy(d)).singleton(),
      submissionViews: asFunction((d: EditorialDeps) => new SubmissionViews(d)).singleton(),
      publishing: asFunction((d: EditorialDeps) => new Publishing(d)).singleton(),
      reviewService: asFunction((d: EditorialDeps) => new ReviewService(d)).singleton(),
      historyService: asFunction((d: EditorialDeps) => new HistoryService(d)).singleton(),
      scheduledPublications: asFunction((d: EditorialDeps) => new ScheduledPublications(d)).singleton(),
    });
    r.export(publishableKindsRef, asClass(PublishableKindRegistry).singleton());
    r.export(editorialRef, asFunction((d: EditorialDeps) => new EditorialService(d)).singleton());
    r.routes(editorialRoutes);
    r.jobs(editorialJobs);
    r.onStart(async (d) => {
      d.settingsService.define(reviewSettings);
      d.consoleEvents.declare(submissionChanged);
      // Publications that fell due while no worker ran go out now, not at the next minute.
      if (d.processRole === 'all' || d.processRole === 'worker') await d.jobs.send(PUBLISH_DUE_JOB, {});
    });
  },
});
