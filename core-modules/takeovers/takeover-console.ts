import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { reauthenticationRequired, takeoverEnded, takeoverNotFound } from './takeover-errors.js';
import { type TakeoverDetail, type TakeoverView, screenStateView, takeoverView } from './takeover-view.js';
import type { TakeoversDeps } from './takeovers-deps.js';
import { REAUTHENTICATION_KEY } from './takeovers.service.js';
import type { TakeoverRow } from './takeovers.repository.js';

type Deps = Pick<TakeoversDeps, 'db' | 'takeoversRepository' | 'takeoversService' | 'settingsService' | 'passwordCheck' | 'contentKinds' | 'screensService'>;

export interface TakeoverInput {
  name: string;
  description?: string;
  playlistId: string;
  screenIds?: string[];
  groupIds?: string[];
  expiresAt: string;
  password?: string;
}

const CANCELLED_FROM_CONSOLE = 'Cancelled from the console';

/** The takeovers as the console reads and starts them: views, re-authentication, a user's cancel. */
export class TakeoverConsole {
  constructor(private readonly d: Deps) {}

  async list(): Promise<{ items: TakeoverView[]; total: number }> {
    const items = await this.views(await this.d.takeoversRepository.recent());
    return { items, total: items.length };
  }

  async get(id: string): Promise<TakeoverDetail> {
    const row = await this.d.takeoversRepository.byId(id);
    if (!row) throw takeoverNotFound();
    const states = await this.d.takeoversRepository.statesOf(id);
    const names = await this.d.screensService.namesOf(states.map((s) => s.screen_id));
    const screens = states
      .map((s) => screenStateView(s, names.get(s.screen_id) ?? ''))
      .sort((a, b) => a.screenName.localeCompare(b.screenName) || a.screenId.localeCompare(b.screenId));
    return { ...(await this.views([row]))[0]!, screens };
  }

  async create(actor: ConsolePrincipal, input: TakeoverInput, ip: string): Promise<TakeoverView> {
    // Asked before anything is checked, as the reference does: a wrong password learns nothing else.
    if ((await this.d.settingsService.get<boolean>(REAUTHENTICATION_KEY)) && !(await this.d.passwordCheck.verify(actor.userId, input.password ?? ''))) {
      throw reauthenticationRequired();
    }
    const { id } = await this.d.db.transaction((trx) =>
      this.d.takeoversService.activate(
        {
          name: input.name,
          description: input.description,
          playlistId: input.playlistId,
          screenIds: input.screenIds ?? [],
          groupIds: input.groupIds ?? [],
          expiresAt: new Date(input.expiresAt),
          origin: { kind: 'console' },
          createdBy: actor.userId,
        },
        trx,
        { actor, ip },
      ),
    );
    return this.view(id);
  }

  async cancel(actor: ConsolePrincipal, id: string, reason: string | undefined, ip: string): Promise<TakeoverView> {
    await this.d.db.transaction(async (trx) => {
      if (!(await this.d.takeoversRepository.lockActive(id, trx))) {
        throw (await this.d.takeoversRepository.byId(id, trx)) ? takeoverEnded() : takeoverNotFound();
      }
      await this.d.takeoversService.finish([id], 'cancelled', reason?.trim() || CANCELLED_FROM_CONSOLE, trx, { actor, ip });
    });
    return this.view(id);
  }

  private async view(id: string): Promise<TakeoverView> {
    return (await this.views([(await this.d.takeoversRepository.byId(id))!]))[0]!;
  }

  private async views(rows: TakeoverRow[]): Promise<TakeoverView[]> {
    const [counts, names] = await Promise.all([
      this.d.takeoversRepository.countsOf(rows.map((r) => r.id)),
      this.d.contentKinds.names(rows.map((r) => ({ contentType: 'playlist', contentId: r.playlist_id }))),
    ]);
    return rows.map((r) => takeoverView(r, names.get(`playlist:${r.playlist_id}`) ?? '', counts.get(r.id)));
  }
}
