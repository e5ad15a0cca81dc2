import type { ConditionFact, NotificationCondition, NotificationConditions } from './notifications.api.js';
import type { ConditionRow } from './notifications.models.js';
import type { NotificationOutbox, NotificationEvent } from './notification-outbox.js';
import type { NotificationsBaseDeps } from './notifications-base-deps.js';

const DAY_MS = 86_400_000;

/**
 * The incidents: each minute every condition says what holds now. A subject that appears opens
 * (one message), one that is gone recovers (one `info` message, only after an opening was sent).
 * Something that began over a day ago opens without a message: history is not news.
 */
export class ConditionSweep implements NotificationConditions {
  private readonly conditions = new Map<string, NotificationCondition>();

  constructor(private readonly d: Pick<NotificationsBaseDeps, 'db' | 'logger' | 'conditionsRepository'> & { notificationOutbox: NotificationOutbox }) {}

  add(condition: NotificationCondition): void {
    if (this.conditions.has(condition.kind)) throw new Error(`notification condition "${condition.kind}" is added twice`);
    this.conditions.set(condition.kind, condition);
  }

  /** One pass over every condition; one that fails to answer is logged and skipped, the others go on. */
  async sweep(): Promise<{ opened: number; recovered: number }> {
    const total = { opened: 0, recovered: 0 };
    for (const condition of this.conditions.values()) {
      let facts: ConditionFact[];
      try {
        facts = await condition.current();
      } catch (err) {
        this.d.logger.warn({ err, condition: condition.kind }, 'a notification condition could not be read');
        continue;
      }
      const { opened, recovered } = await this.settle(condition, facts);
      total.opened += opened;
      total.recovered += recovered;
    }
    return total;
  }

  private settle(condition: NotificationCondition, facts: ConditionFact[]): Promise<{ opened: number; recovered: number }> {
    const repo = this.d.conditionsRepository;
    return this.d.db.transaction(async (trx) => {
      const open = await repo.open(condition.kind, trx);
      const openSubjects = new Set(open.map((row) => row.subject));
      const events: NotificationEvent[] = [];
      let opened = 0;
      for (const fact of facts) {
        if (openSubjects.has(fact.subject)) continue;
        const announced = !fact.since || Date.now() - fact.since.getTime() < DAY_MS;
        const row = await repo.openNew({ kind: condition.kind, subject: fact.subject, title: fact.title, data: fact.data ?? {}, announced }, trx);
        if (!row) continue;
        opened++;
        if (announced) events.push(transition(condition, row, 'opened', fact.message));
      }
      const holding = new Set(facts.map((fact) => fact.subject));
      const gone = open.filter((row) => !holding.has(row.subject));
      await repo.recover(
        gone.map((row) => row.id),
        trx,
      );
      for (const row of gone.filter((r) => r.announced)) events.push(transition(condition, row, 'recovered', condition.recoveredMessage));
      await this.d.notificationOutbox.raise(events, trx);
      return { opened, recovered: gone.length };
    });
  }
}

function transition(condition: NotificationCondition, row: ConditionRow, step: 'opened' | 'recovered', message: string): NotificationEvent {
  return {
    key: `condition:${row.id}:${step}`,
    category: condition.category,
    severity: step === 'opened' ? condition.severity : 'info',
    title: step === 'opened' ? row.title : `Recovered: ${row.title}`,
    message,
    occurredAt: new Date(),
    data: { ...row.data, conditionId: row.id, condition: condition.kind, subject: row.subject, transition: step },
  };
}
