import type { AccessLevel } from '../../kernel/auth/access.js';
import { ACCESS } from '../../kernel/auth/access.js';
import type { Role } from '../../kernel/auth/principal.js';
import type { OrganizationSettings, SettingDefinition } from '../settings/settings.api.js';

export const POLICY_KEY = 'content.review_policy';
export const SELF_APPROVAL_KEY = 'content.allow_self_approval';
export const AUTO_PUBLISH_KEY = 'content.auto_publish_on_approval';
export const REVIEW_POLICIES = ['off', 'contributors', 'everyone'] as const;
export type ReviewPolicyValue = (typeof REVIEW_POLICIES)[number];

/** The reference's `content.*` settings, with its keys and category (its console reads them by name). */
export const reviewSettings: SettingDefinition[] = [
  {
    key: POLICY_KEY,
    category: 'content_review',
    type: 'enum',
    allowed: REVIEW_POLICIES,
    default: 'off',
    title: 'Content review policy',
    description: 'Whether no publication, a Contributor’s, or every publication needs an approved submission first.',
    immediate: true,
  },
  {
    key: SELF_APPROVAL_KEY,
    category: 'content_review',
    type: 'boolean',
    default: true,
    title: 'Allow self-approval',
    description: 'A reviewer may approve a submission they made themselves.',
    immediate: true,
  },
  {
    key: AUTO_PUBLISH_KEY,
    category: 'content_review',
    type: 'boolean',
    default: false,
    title: 'Publish approved submissions automatically',
    description: 'Approving publishes at once, or schedules the publication when the submitter asked for a later time.',
    immediate: true,
  },
];

export interface PolicyNow {
  policy: ReviewPolicyValue;
  allowSelfApproval: boolean;
  autoPublishOnApproval: boolean;
}

const may = (level: AccessLevel, role: Role) => (ACCESS[level] as readonly Role[]).includes(role);

// Submitting is one level below publishing: authors submit what managers publish, managers what
// administrators publish (campaigns).
const SUBMITTERS: Partial<Record<AccessLevel, AccessLevel>> = { managers: 'authors', administrators: 'managers', owner: 'administrators' };

/** Who must ask for review, who may publish, who may submit: the organization's policy and the kind's publishers. */
export class ReviewPolicy {
  constructor(private readonly d: { settingsService: OrganizationSettings }) {}

  async now(): Promise<PolicyNow> {
    const values = await this.d.settingsService.values([POLICY_KEY, SELF_APPROVAL_KEY, AUTO_PUBLISH_KEY]);
    return {
      policy: values[POLICY_KEY] as ReviewPolicyValue,
      allowSelfApproval: values[SELF_APPROVAL_KEY] as boolean,
      autoPublishOnApproval: values[AUTO_PUBLISH_KEY] as boolean,
    };
  }
}

/** Whether a publication by someone of `role` needs an approved submission first. */
export const reviewRequired = (policy: ReviewPolicyValue, role: Role) => policy === 'everyone' || (policy === 'contributors' && role === 'contributor');

/** Whether `role` may publish (and review) content whose kind names `publishers`. */
export const mayPublish = (publishers: AccessLevel, role: Role) => may(publishers, role);

/** Whether `role` may submit (and restore to draft) content whose kind names `publishers`. */
export const maySubmit = (publishers: AccessLevel, role: Role) => may(SUBMITTERS[publishers] ?? publishers, role);
