import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { userDirectoryRef } from '../auth/auth.api.js';
import { consoleEventsRef } from '../console-events/console-events.api.js';
import { notificationEventsRef } from '../notifications/notifications.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { EditorialService } from './editorial.service.js';
import type { HistoryService } from './history.service.js';
import type { PublicationsRepository } from './publications.repository.js';
import type { PublishableKindRegistry } from './publishable-kinds.js';
import type { Publishing } from './publishing.js';
import type { ReviewPolicy } from './review-policy.js';
import type { ReviewService } from './review.service.js';
import type { ScheduledPublications } from './scheduled-publications.js';
import type { SubmissionViews } from './submission-views.js';
import type { SubmissionsRepository } from './submissions.repository.js';

export const editorialUses = {
  settingsService: settingsServiceRef,
  userDirectory: userDirectoryRef,
  consoleEvents: consoleEventsRef,
  notificationEvents: notificationEventsRef,
};

/** What the editorial module's parts build on: its tables, the registry, the policy and what it uses of other modules. */
export interface EditorialBaseDeps extends KernelDeps, UsedDeps<typeof editorialUses> {
  submissionsRepository: SubmissionsRepository;
  publicationsRepository: PublicationsRepository;
  publishableKinds: PublishableKindRegistry;
  reviewPolicy: ReviewPolicy;
}

/** The whole editorial module's container. */
export interface EditorialDeps extends EditorialBaseDeps {
  submissionViews: SubmissionViews;
  publishing: Publishing;
  editorial: EditorialService;
  reviewService: ReviewService;
  historyService: HistoryService;
  scheduledPublications: ScheduledPublications;
}
