import type { NotificationCondition } from '../notifications/notifications.api.js';
import type { FormsBaseDeps } from './forms-base-deps.js';

// Enough for any inbox a person works through; the oldest waiting are the news.
const AT_MOST = 200;

/** A submission waiting for someone to review or approve it; it recovers once it is decided (or withdrawn). */
export function waitingCondition(d: Pick<FormsBaseDeps, 'formsRepository' | 'dataSourceLibrary'>): NotificationCondition {
  return {
    kind: 'form-record-waiting',
    category: 'review',
    severity: 'info',
    recoveredMessage: 'The submission is no longer waiting for a decision.',
    current: async () => {
      const waiting = await d.formsRepository.awaitingDecision(AT_MOST);
      const forms = new Map((await d.dataSourceLibrary.findMany([...new Set(waiting.map((r) => r.source_id))])).map((s) => [s.id, s.name]));
      return waiting.map((record) => {
        const form = forms.get(record.source_id) ?? 'a form';
        return {
          subject: record.id,
          title: `Waiting for review - ${record.display_title || form}`,
          message: `${record.submitter_name || 'Someone'} submitted to ${form}; it waits for a review or an approval.`,
          since: record.state_changed_at,
          data: { formId: record.source_id, formName: form, recordId: record.id, consolePath: '/approvals' },
        };
      });
    },
  };
}
