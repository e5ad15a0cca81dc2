import { PlayerApiError, type CommandResult, type PlayerApi, type PlayerCommand } from './api.js';

/**
 * What a handler answers: the result, and optionally what to do once the server has taken it (a
 * reload must wait for that, or the command, still acknowledged, would run again after it).
 */
export type HandlerAnswer = CommandResult & { afterReported?: () => void };
export type CommandHandler = (payload: Record<string, unknown>) => Promise<HandlerAnswer>;
export type CommandHandlers = Partial<Record<string, CommandHandler>>;

// A command id is remembered this long after it ran: longer than a command lives on the server.
const REMEMBERED = 200;

/**
 * Runs the server's commands: fetches them (which marks them delivered), acknowledges each, runs
 * its handler and reports the result. A type without a handler is reported as failed with
 * `unsupported_command`; a handler that throws as failed with `command_failed`. Polls never
 * overlap (a poll asked for meanwhile runs once the current one ends), and a command seen again
 * (its result not yet recorded when the list was read) is not run twice.
 */
export class CommandRunner {
  private running: Promise<void> | undefined;
  private again = false;
  private readonly seen = new Set<string>();
  private readonly unreported = new Map<string, HandlerAnswer>();
  /** The last command finished: the heartbeat's `lastCommandId`. */
  lastCommandId: string | undefined;

  constructor(
    private readonly api: PlayerApi,
    private readonly handlers: CommandHandlers,
  ) {}

  poll(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          for (const [id, result] of this.unreported) await this.report(id, result);
          for (const command of await this.api.commands()) await this.run(command);
        } while (this.again);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async run(command: PlayerCommand): Promise<void> {
    if (this.seen.has(command.id) || !['pending', 'delivered', 'acknowledged'].includes(command.state)) return;
    this.remember(command.id);
    try {
      await this.api.acknowledge(command.id);
    } catch (err) {
      // Cancelled or expired meanwhile: nothing to run. Otherwise it was not run: the next poll tries again.
      if (err instanceof PlayerApiError && err.status === 409) return;
      this.seen.delete(command.id);
      throw err;
    }
    const handler = this.handlers[command.type];
    let result: HandlerAnswer;
    if (!handler) result = { success: false, code: 'unsupported_command', message: `This player cannot run ${command.type}.`.slice(0, 240) };
    else {
      try {
        result = await handler(command.payload ?? {});
      } catch (err) {
        result = { success: false, code: 'command_failed', message: String(err instanceof Error ? err.message : err).slice(0, 240) };
      }
    }
    this.unreported.set(command.id, result);
    await this.report(command.id, result);
  }

  /** A result the server has not taken yet is sent again at the next poll, never by running the command again. */
  private async report(id: string, answer: HandlerAnswer): Promise<void> {
    const { afterReported, ...result } = answer;
    try {
      await this.api.result(id, result);
    } catch (err) {
      // 409: expired or already recorded; either way nothing more to send.
      if (!(err instanceof PlayerApiError && err.status === 409)) throw err;
    }
    this.unreported.delete(id);
    this.lastCommandId = id;
    afterReported?.();
  }

  private remember(id: string): void {
    this.seen.add(id);
    if (this.seen.size > REMEMBERED) this.seen.delete(this.seen.values().next().value as string);
  }
}
