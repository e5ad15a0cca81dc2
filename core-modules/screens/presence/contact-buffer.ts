import type { Knex } from 'knex';
import type { AfterCommitEvents } from '../../../kernel/after-commit-events.js';
import type { Logger } from '../../../kernel/logger.js';
import type { ContactRepository, ContactUpdate } from './contact.repository.js';
import { sqlState } from '../../../kernel/db/database.js';
import { getOrSet } from '../../../kernel/collections.js';
import { supersedes, type ClockOffset } from './clock-offset.js';

/** The columns a heartbeat refreshes on its screen, already checked. */
export interface HeartbeatFacts {
  payload: Record<string, unknown>;
  playerVersion?: string;
  playerVersionCode?: number;
  screenWidth?: number;
  screenHeight?: number;
  locale?: string;
  timezone?: string;
  uptimeSeconds?: number;
}

interface Pending {
  contactAt: Date;
  heartbeatAt?: Date;
  ip?: string;
  heartbeat?: HeartbeatFacts;
  clock?: ClockOffset;
  heartbeats: number;
  contacts: number;
}

/**
 * Contact (heartbeats, liveness, socket traffic) is coalesced per screen in memory and written every
 * couple of seconds in one batched statement, so a fleet's heartbeats cost one write per flush
 * instead of one per request. What a crash loses is at most one flush interval of "last seen"
 * times, which the next heartbeat restores. Reads on this process see unflushed contact through
 * `pendingContactAt`; other processes see it at most one interval late.
 */
export class ContactBuffer {
  private pending = new Map<string, Pending>();
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private inFlight?: Map<string, Pending>;

  constructor(
    private readonly repository: ContactRepository,
    private readonly logger: Logger,
    /** Told, in the flush that wrote them, of the screens whose player reported another profile. */
    private readonly profilesChanged: AfterCommitEvents<string>,
    /** Told, after the flush that wrote them, of the screens whose contact resumed (their status changed). */
    private readonly contactResumed: (screenIds: string[]) => void,
  ) {}

  private readonly reported = (screenIds: string[], trx: Knex.Transaction) => this.profilesChanged.emit(screenIds, trx);
  private readonly resumed = (screenIds: string[]) => {
    if (screenIds.length) this.contactResumed(screenIds);
  };

  /** Any sign of life: socket traffic, liveness, a heartbeat. */
  contact(screenId: string, ip: string | undefined, now = new Date()): void {
    const p = this.entry(screenId, now);
    p.contacts++;
    if (ip) p.ip = ip;
  }

  heartbeat(screenId: string, ip: string | undefined, facts: HeartbeatFacts, now = new Date()): void {
    const p = this.entry(screenId, now);
    p.contacts++;
    p.heartbeats++;
    p.heartbeatAt = now;
    if (ip) p.ip = ip;
    // A later heartbeat replaces an earlier one whole: it is the player's complete current state.
    p.heartbeat = facts;
  }

  /** A reading of the screen's clock offset (it came with a message, so it is contact too); kept by the rule the database applies. */
  clock(screenId: string, offset: ClockOffset): void {
    const p = this.entry(screenId, offset.at);
    if (supersedes(offset, p.clock)) p.clock = offset;
  }

  /** The clock offset recorded here but not yet written. */
  pendingClock(screenId: string): ClockOffset | undefined {
    return this.pending.get(screenId)?.clock ?? this.inFlight?.get(screenId)?.clock;
  }

  /** Contact recorded here but not yet written. */
  pendingContactAt(screenId: string): Date | undefined {
    // A batch being written is still unflushed for readers until its statement commits.
    return this.pending.get(screenId)?.contactAt ?? this.inFlight?.get(screenId)?.contactAt;
  }

  private entry(screenId: string, now: Date): Pending {
    const p = getOrSet(this.pending, screenId, () => ({ contactAt: now, heartbeats: 0, contacts: 0 }));
    if (now > p.contactAt) p.contactAt = now;
    return p;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Final flush on shutdown: what players reported just before a deploy is not lost. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Writes what has accumulated. Overlapping calls wait for the running flush, then flush again. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.inFlight = batch;
    this.flushing = this.write(batch).finally(() => {
      this.flushing = undefined;
      this.inFlight = undefined;
    });
    await this.flushing;
  }

  private async write(batch: Map<string, Pending>): Promise<void> {
    const updates = [...batch].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, p]) => toUpdate(id, p));
    let resumed: string[];
    try {
      resumed = await this.repository.apply(updates, this.reported);
    } catch (err) {
      if (isDataError(err)) return this.isolate(updates);
      // Keep it for the next flush rather than lose it; newer contact recorded since wins.
      this.logger.warn({ err, screens: batch.size }, 'could not write screen contact; retrying with the next flush');
      for (const [id, old] of batch) this.restore(id, old);
      return;
    }
    this.resumed(resumed);
  }

  /**
   * A value PostgreSQL refuses fails the whole statement: the batch is halved until the screens
   * whose report cannot be stored are found, so every other screen's contact is written in this
   * flush. Such a screen keeps its contact times; what it reported is dropped with one warning.
   */
  private async isolate(updates: ContactUpdate[]): Promise<void> {
    if (updates.length === 1) {
      const [bad] = updates as [ContactUpdate];
      this.logger.warn(
        { screenId: bad.id, playerVersion: bad.player_version?.slice(0, 64) },
        'a heartbeat held values the database cannot store; kept the contact, dropped the report',
      );
      // Without its report it reports no other profile.
      await this.repository
        .apply([withoutReport(bad)], this.reported)
        .then(this.resumed)
        .catch((err: unknown) => this.logger.warn({ err, screenId: bad.id }, 'could not write screen contact'));
      return;
    }
    const middle = Math.ceil(updates.length / 2);
    for (const half of [updates.slice(0, middle), updates.slice(middle)]) {
      await this.repository.apply(half, this.reported).then(this.resumed, (err: unknown) => {
        if (isDataError(err)) return this.isolate(half);
        this.logger.warn({ err, screens: half.length }, 'could not write screen contact');
      });
    }
  }

  private restore(id: string, old: Pending): void {
    const current = this.pending.get(id);
    if (!current) {
      this.pending.set(id, old);
      return;
    }
    current.heartbeats += old.heartbeats;
    current.contacts += old.contacts;
    if (old.contactAt > current.contactAt) current.contactAt = old.contactAt;
    if (old.clock && supersedes(old.clock, current.clock)) current.clock = old.clock;
    if (!current.heartbeat && old.heartbeat) {
      current.heartbeat = old.heartbeat;
      current.heartbeatAt = old.heartbeatAt;
    }
    current.ip ??= old.ip;
  }
}

/** SQLSTATE class 22 (data exception): a value the database refuses, not a failure to reach it. */
const isDataError = (err: unknown) => sqlState(err)?.startsWith('22') === true;

const withoutReport = (u: ContactUpdate): ContactUpdate => ({
  ...u,
  heartbeat: null,
  player_version: null,
  player_version_code: null,
  screen_width: null,
  screen_height: null,
  locale: null,
  timezone: null,
  uptime_seconds: null,
  clock_offset_seconds: null,
  clock_offset_at: null,
  clock_offset_source: null,
});

function toUpdate(id: string, p: Pending): ContactUpdate {
  const h = p.heartbeat;
  return {
    id,
    contact_at: p.contactAt.toISOString(),
    heartbeat_at: p.heartbeatAt?.toISOString() ?? null,
    ip: p.ip ?? null,
    heartbeat: h?.payload ?? null,
    player_version: h?.playerVersion ?? null,
    player_version_code: h?.playerVersionCode ?? null,
    screen_width: h?.screenWidth ?? null,
    screen_height: h?.screenHeight ?? null,
    locale: h?.locale ?? null,
    timezone: h?.timezone ?? null,
    uptime_seconds: h?.uptimeSeconds ?? null,
    clock_offset_seconds: p.clock?.seconds ?? null,
    clock_offset_at: p.clock?.at.toISOString() ?? null,
    clock_offset_source: p.clock?.source ?? null,
    heartbeats: p.heartbeats,
    contacts: p.contacts,
  };
}
