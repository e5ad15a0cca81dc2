import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { postgresLogWriter } from './postgres-log.js';

/** The wait before each restart in a series; when the last one fails too, the server is given up. */
const RESTART_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];
/** A server that ran this long before it stopped was healthy: its restarts begin a new series. */
const STABLE_MS = 60_000;
const START_TIMEOUT_MS = 60_000;
const RECENT_LINES = 20;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Running {
  child: ChildProcess;
  exited: Promise<Exit>;
  exit?: Exit;
  accepting?: boolean;
}

export interface PostmasterOptions {
  command: string;
  args: string[];
  owner?: { uid: number; gid: number };
  /** Where the server answers once it accepts connections. */
  probeUrl: string;
  logger: Logger;
  /** Called once the server stopped and could not be restarted (the process cannot work on). */
  onGiveUp?: () => void;
  /** Test knob: the waits before restarts (default 1, 2, 4, 8 and 15 s). */
  restartDelaysMs?: number[];
}

const describe = (exit: Exit) => (exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`);

/**
 * Runs the embedded PostgreSQL server and keeps it running: when it stops on its own (killed, out
 * of memory, a crash) it is started again in place, on the same port and data, so the pools,
 * pg-boss and the hub's listener reconnect to the same address. Restarts back off; a series that
 * fails is given up (`onGiveUp`), for a service manager to restart the whole process.
 *
 * The old server's `postmaster.pid` is left for PostgreSQL to judge: it takes the file over once
 * that server is gone, and refuses while processes of the old server still hold its shared memory
 * (a restart then fails and is tried again later).
 */
export class Postmaster {
  private current?: Running;
  private stopping = false;
  private failures = 0;
  private startedAt = 0;
  private timer?: NodeJS.Timeout;
  private readonly recent: string[] = [];
  private readonly write: (line: string) => void;
  private readonly killOnExit = () => this.current && !this.current.exit && this.current.child.kill('SIGINT');

  constructor(private readonly options: PostmasterOptions) {
    this.write = postgresLogWriter(options.logger);
  }

  /** Starts the server; rejects (with its last messages) when it does not come up. */
  async start(): Promise<void> {
    // If this process dies without stopping it, do not leave the server behind.
    process.on('exit', this.killOnExit);
    await this.launch();
  }

  private async launch(): Promise<void> {
    const { command, args, owner, probeUrl } = this.options;
    // Its own process group: a Ctrl-C in the terminal reaches only us, and we stop it after the
    // in-flight requests have finished.
    const child = spawn(command, args, { ...owner, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    const running: Running = { child, exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))) };
    void running.exited.then((exit) => (running.exit = exit));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        this.recent.push(line);
        if (this.recent.length > RECENT_LINES) this.recent.shift();
        this.write(line);
      }
    });
    this.current = running;
    try {
      await this.untilAccepting(running, probeUrl);
    } catch (err) {
      if (!running.exit) child.kill('SIGQUIT');
      await running.exited;
      throw err;
    }
    running.accepting = true;
    this.startedAt = Date.now();
    void running.exited.then((exit) => this.exitedByItself(running, exit));
  }

  private async untilAccepting(running: Running, url: string): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (running.exit) throw new Error(`embedded PostgreSQL exited during start (${describe(running.exit)}): ${this.recent.join('\n')}`);
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return;
      } catch (err) {
        await client.end().catch(() => {});
        if (Date.now() > deadline) throw new Error(`embedded PostgreSQL did not accept connections within 60 s: ${(err as Error).message}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  private exitedByItself(running: Running, exit: Exit) {
    if (this.stopping || this.current !== running) return;
    if (Date.now() - this.startedAt >= STABLE_MS) this.failures = 0;
    this.options.logger.error(
      { exitCode: exit.code, signal: exit.signal, lastMessages: this.recent.slice(-10) },
      `the embedded PostgreSQL stopped unexpectedly (${describe(exit)}); restarting it`,
    );
    this.scheduleRestart();
  }

  private scheduleRestart() {
    const delay = (this.options.restartDelaysMs ?? RESTART_DELAYS_MS)[this.failures];
    if (delay === undefined) {
      this.options.logger.fatal({ attempts: this.failures }, `the embedded PostgreSQL could not be restarted (${this.failures} attempts); giving up`);
      this.options.onGiveUp?.();
      return;
    }
    this.failures++;
    this.timer = setTimeout(() => void this.restart(), delay);
    this.timer.unref();
  }

  private async restart() {
    try {
      await this.launch();
      this.options.logger.warn({ attempt: this.failures }, 'the embedded PostgreSQL is running again');
    } catch (err) {
      if (this.stopping) return;
      this.options.logger.error({ attempt: this.failures, reason: (err as Error).message }, 'restarting the embedded PostgreSQL failed');
      this.scheduleRestart();
    }
  }

  /**
   * Stops the server and any restart to come. A running server gets a fast shutdown (open
   * transactions roll back, a checkpoint); one still starting (in crash recovery after a restart,
   * which may first sync every file) an immediate one: it has nothing to save and would make the
   * stop wait for the recovery.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    process.off('exit', this.killOnExit);
    const running = this.current;
    if (!running || running.exit) return;
    running.child.kill(running.accepting ? 'SIGINT' : 'SIGQUIT');
    const quit = setTimeout(() => running.child.kill('SIGQUIT'), 20_000);
    await running.exited;
    clearTimeout(quit);
  }
}
