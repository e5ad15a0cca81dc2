import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { ConsolePrincipal, PlayerPrincipal } from '../../../kernel/auth/principal.js';
import { conflict, forbidden, notFound, rateLimitedWithCode } from '../../../kernel/errors.js';
import { checkCommandPayload, checkCommandType, checkOwnCommand } from './command-types.js';
import { OPEN_STATES, type CommandRow } from './commands.repository.js';
import { screenNotFound } from '../screens.service.js';
import { isoOrNull } from '../../../kernel/http/wire.js';
import type { ScreensBaseDeps } from '../screens-base-deps.js';

type Deps = Pick<ScreensBaseDeps, 'db' | 'commandsRepository' | 'screensRepository' | 'playerMessages' | 'auditLog' | 'jobs'>;

/** Frozen job name: queued jobs carry it. */
export const PURGE_COMMANDS_JOB = 'screens.purge-commands';

/** Open commands one screen may have at once: a player that is away must not collect an unbounded queue. */
export const MAX_OPEN_PER_SCREEN = 50;
/** `commands.default_expiry_minutes` in the reference: a command left unrun this long is stale. */
export const EXPIRY_SECONDS = 10 * 60;
/** The console shows this many, newest first. */
const HISTORY_LIMIT = 50;

export interface EnqueueInput {
  type: string;
  payload?: unknown;
  idempotencyKey?: string;
}

export interface PlayerResult {
  success: boolean;
  code?: string;
  message?: string;
}

const commandNotFound = () => notFound('command_not_found', 'No such command for this screen.');
const commandExpired = () => conflict('command_expired', 'This command expired or was cancelled.');
const alreadyCompleted = () => conflict('command_already_completed', 'This command has already completed.');
const isOpen = (row: CommandRow) => OPEN_STATES.includes(row.state);

export const commandView = (r: CommandRow) => ({
  id: r.id,
  type: r.type,
  payload: r.payload,
  state: r.state,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  deliveredAt: isoOrNull(r.delivered_at),
  acknowledgedAt: isoOrNull(r.acknowledged_at),
  completedAt: isoOrNull(r.completed_at),
  resultCode: r.result_code,
  resultMessage: r.result_message,
});

const playerView = (r: CommandRow) => ({
  id: r.id,
  type: r.type,
  payload: r.payload,
  idempotencyKey: r.idempotency_key,
  state: r.state,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
});

/**
 * Remote commands: the console queues them, the player fetches (delivered), acknowledges and
 * reports a result. Expiry is applied on every read as well as by the minute job, so nobody ever
 * sees an open command past its time even if the job is late.
 */
export class CommandsService {
  constructor(private readonly d: Deps) {}

  /** Queues the removal of finished commands past the kept history (it also runs nightly). */
  async requestFinishedPurge(): Promise<void> {
    await this.d.jobs.send(PURGE_COMMANDS_JOB, {});
  }

  async enqueue(actor: ConsolePrincipal, screenId: string, input: EnqueueInput, ip: string) {
    const type = checkCommandType(input.type);
    // Deployments create update commands with the deployment's own bookkeeping; a bare one from
    // here would install something no deployment tracks.
    if (type === 'install_player_update') throw forbidden('update_deployment_api_required', 'Player updates are sent through update deployments.');
    return this.queue(actor, screenId, type, checkCommandPayload(type, input.payload), input.idempotencyKey, ip);
  }

  /**
   * A command type the generic route refuses because another module's API owns it (presentation
   * network provisioning and tests), queued by that module after its own checks.
   */
  async enqueueOwn(actor: ConsolePrincipal, screenId: string, input: { type: string; payload: Record<string, unknown> }, ip: string) {
    return this.queue(actor, screenId, input.type, checkOwnCommand(input.type, input.payload), undefined, ip);
  }

  /**
   * Queues commands of a type another module's API owns (update deployments), one per screen, inside
   * that module's transaction and as the server rather than a console user: the caller records its
   * own audit entry and bounds how many it queues, so the per-screen cap does not apply. Players are
   * told at the commit.
   */
  async queueOwn(
    type: string,
    entries: { screenId: string; payload: Record<string, unknown> }[],
    options: { createdBy: string | null; expiresInSeconds: number },
    trx: Knex.Transaction,
  ): Promise<void> {
    if (!entries.length) return;
    for (const { screenId, payload } of entries) {
      const key = randomUUID();
      await this.d.commandsRepository.insert(
        {
          screen_id: screenId,
          type,
          payload: checkOwnCommand(type, payload),
          idempotency_key: key,
          created_by: options.createdBy,
          expiresInSeconds: options.expiresInSeconds,
        },
        trx,
      );
    }
    await this.d.playerMessages.send(
      'commands.available',
      entries.map((e) => e.screenId),
      {},
      trx,
    );
  }

  /**
   * Cancels the open commands of a type another module's API owns whose payload holds `match`
   * (a deployment's id), inside the caller's transaction; their players re-fetch at the commit.
   */
  async cancelOwn(type: string, match: Record<string, string>, trx: Knex.Transaction): Promise<void> {
    const screens = await this.d.commandsRepository.cancelOpenMatching(type, match, trx);
    if (screens.length) await this.d.playerMessages.send('commands.available', screens, {}, trx);
  }

  private async queue(
    actor: ConsolePrincipal,
    screenId: string,
    type: string,
    payload: Record<string, unknown>,
    idempotencyKey: string | undefined,
    ip: string,
  ) {
    // Players run a command only once per key (they remember keys across restarts), so every
    // command gets one: the console's, or a fresh one that can never repeat.
    const key = idempotencyKey ?? randomUUID();
    const { row } = await this.d.db.transaction(async (trx) => {
      const screen = await this.d.commandsRepository.lockScreen(screenId, trx);
      if (!screen) throw screenNotFound();
      if (idempotencyKey) {
        const existing = await this.d.commandsRepository.byKey(screenId, key, trx);
        if (existing) return { row: existing, created: false };
      }
      // A disabled or revoked screen's player cannot fetch, so the command could only expire.
      if (!screen.enabled || !screen.has_active_credential) throw conflict('screen_unavailable', 'This screen is disabled or has no active credential.');
      await this.d.commandsRepository.expireDue(screenId, trx);
      if ((await this.d.commandsRepository.countOpen(screenId, trx)) >= MAX_OPEN_PER_SCREEN) {
        throw rateLimitedWithCode('command_limit_reached', `This screen already has ${MAX_OPEN_PER_SCREEN} open commands.`);
      }
      const inserted = await this.d.commandsRepository.insert(
        { screen_id: screenId, type, payload, idempotency_key: key, created_by: actor.userId, expiresInSeconds: EXPIRY_SECONDS },
        trx,
      );
      await this.d.auditLog.record(
        { action: 'screen.command_queued', actor, ip, resourceType: 'screen', resourceId: screenId, metadata: { commandId: inserted.id, type } },
        trx,
      );
      // Delivered at commit, so the player that reacts at once finds the command.
      await this.d.playerMessages.send('commands.available', screenId, {}, trx);
      return { row: inserted, created: true };
    });
    return { id: row.id, state: row.state, expiresAt: row.expires_at.toISOString() };
  }

  async history(screenId: string) {
    if (!(await this.d.screensRepository.exists(screenId))) throw screenNotFound();
    await this.d.commandsRepository.expireDue(screenId);
    const items = (await this.d.commandsRepository.recent(screenId, HISTORY_LIMIT)).map(commandView);
    return { items, total: items.length };
  }

  async cancel(actor: ConsolePrincipal, screenId: string, id: string, ip: string) {
    if (!(await this.d.screensRepository.exists(screenId))) throw screenNotFound();
    await this.d.commandsRepository.expireDue(screenId);
    const row = await this.d.db.transaction(async (trx) => {
      const command = await this.d.commandsRepository.lock(screenId, id, trx);
      // Expired or cancelled is as final as succeeded for the console: nothing left to cancel.
      this.checkOpen(command, alreadyCompleted);
      await this.checkNotPastExpiry(command!, trx, alreadyCompleted);
      const cancelled = await this.d.commandsRepository.update(id, { state: 'cancelled', stamp: 'completed_at' }, trx);
      await this.d.auditLog.record(
        { action: 'screen.command_cancelled', actor, ip, resourceType: 'screen', resourceId: screenId, metadata: { commandId: id, type: command!.type } },
        trx,
      );
      // The player re-fetches and drops a command it had been handed but not yet run.
      await this.d.playerMessages.send('commands.available', screenId, {}, trx);
      return cancelled;
    });
    return { id: row.id, state: row.state };
  }

  async forPlayer(player: PlayerPrincipal) {
    return { items: (await this.d.commandsRepository.deliver(player.screenId)).map(playerView) };
  }

  async acknowledge(player: PlayerPrincipal, id: string) {
    await this.d.commandsRepository.expireDue(player.screenId);
    return this.d.db.transaction(async (trx) => {
      const command = await this.d.commandsRepository.lock(player.screenId, id, trx);
      if (command?.state === 'acknowledged') return { id, state: command.state };
      this.checkOpen(command, commandExpired);
      await this.checkNotPastExpiry(command!, trx, commandExpired);
      const row = await this.d.commandsRepository.update(id, { state: 'acknowledged', stamp: 'acknowledged_at' }, trx);
      return { id: row.id, state: row.state };
    });
  }

  async result(player: PlayerPrincipal, id: string, result: PlayerResult) {
    const outcome = result.success ? 'succeeded' : 'failed';
    await this.d.commandsRepository.expireDue(player.screenId);
    return this.d.db.transaction(async (trx) => {
      const command = await this.d.commandsRepository.lock(player.screenId, id, trx);
      // A player retrying after a lost answer reports the same outcome again: same answer, no change.
      if (command?.state === outcome) return { id, state: outcome };
      this.checkOpen(command, commandExpired);
      await this.checkNotPastExpiry(command!, trx, commandExpired);
      const row = await this.d.commandsRepository.update(
        id,
        { state: outcome, result_code: result.code ?? null, result_message: result.message ?? null, stamp: 'completed_at' },
        trx,
      );
      return { id: row.id, state: row.state };
    });
  }

  /** Refuses a missing command (404), an expired or cancelled one (`closed`) and a finished one (409). */
  private checkOpen(command: CommandRow | undefined, closed: () => Error): asserts command is CommandRow {
    if (!command) throw commandNotFound();
    if (command.state === 'expired' || command.state === 'cancelled') throw closed();
    if (!isOpen(command)) throw alreadyCompleted();
  }

  // Expiry was applied just before the transaction; this catches a command whose time ran out in
  // between. It is refused but not marked here (the error rolls back): the next read or the job does that.
  private async checkNotPastExpiry(command: CommandRow, trx: Knex.Transaction, closed: () => Error): Promise<void> {
    if (await this.d.commandsRepository.isPastExpiry(command.id, trx)) throw closed();
  }
}
