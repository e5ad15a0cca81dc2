import type { Knex } from 'knex';
import type { ManifestPlugins } from '../../core-modules/player/player.api.js';
import type { ScreenTargets } from '../../core-modules/screens/screens.api.js';
import type { Takeovers } from '../../core-modules/takeovers/takeovers.api.js';
import type { ActivationRow, RuleRow } from './alerts.repository.js';
import type { BuiltinPresentations } from './builtin-presentations.js';
import type { NwsAlert } from './nws-client.js';

type Deps = { takeovers: Takeovers; manifestPlugins: ManifestPlugins; screenTargets: ScreenTargets; builtinPresentations: BuiltinPresentations };
type Targets = Pick<RuleRow, 'id' | 'screen_ids' | 'group_ids' | 'response_mode' | 'managed_data_source_id'>;

const TAKEOVER_NAME_MAX = 180;
const TAKEOVER_DESCRIPTION_MAX = 2000;
const ENDED = 'The weather alert is no longer answered.';

/**
 * What changed on the screens in one transaction: the ticker rules whose bars changed (targets
 * before and after an edit), the built-in presentations whose alerts changed, and the takeovers
 * to end. Applied once, at its end.
 */
export class ResponseChanges {
  private readonly tickers = new Map<string, Targets>();
  readonly endedTakeovers = new Set<string>();
  readonly documents = new Set<string>();

  /** The alerts a rule shows changed: its bar, or its built-in presentation's source. */
  shown(rule: Targets): void {
    if (rule.response_mode === 'ticker') this.ticker(rule);
    else if (rule.managed_data_source_id) this.documents.add(rule.managed_data_source_id);
  }

  ticker(rule: Targets): void {
    this.tickers.set(`${rule.id}:${rule.screen_ids.join()}:${rule.group_ids.join()}`, rule);
  }

  get tickerRules(): Targets[] {
    return [...this.tickers.values()];
  }
}

/**
 * What activations do on the screens: a takeover through the takeovers module, shared by a rule's
 * live activations (a second matching alert does not replace the first one's takeover, and the
 * screens come back only when the last one ends), or a bar in the manifest's `plugins[]`.
 */
export class AlertResponses {
  constructor(private readonly d: Deps) {}

  /**
   * Brings a takeover rule's takeover in line with its live activations: started for the first,
   * moved to the latest end among them, ended with the last. Answers the takeover now held.
   */
  async settleTakeover(
    rule: RuleRow,
    held: { id: string; until: Date } | undefined,
    live: { until: Date; alert: NwsAlert }[],
    changes: ResponseChanges,
    trx: Knex.Transaction,
  ): Promise<string | null> {
    if (!live.length) {
      if (held) changes.endedTakeovers.add(held.id);
      return null;
    }
    const until = new Date(Math.max(...live.map((l) => l.until.getTime())));
    if (held) {
      if (held.until.getTime() !== until.getTime()) await this.d.takeovers.extend(held.id, until, trx);
      return held.id;
    }
    const { alert } = live[0]!;
    const { id } = await this.d.takeovers.start(
      {
        name: (alert.event || 'Weather alert').slice(0, TAKEOVER_NAME_MAX),
        description: (alert.headline || alert.description).slice(0, TAKEOVER_DESCRIPTION_MAX),
        playlistId: (rule.playlist_id ?? rule.managed_playlist_id)!,
        screenIds: rule.screen_ids,
        groupIds: rule.group_ids,
        expiresAt: until,
        origin: { kind: 'weather_alert', ref: `${rule.id}:${alert.id}`.slice(0, 200) },
      },
      trx,
    );
    return id;
  }

  /** Ends what an activation shows; `rule` as it was while it showed. */
  end(rule: Targets, activation: ActivationRow, changes: ResponseChanges): void {
    if (activation.response_mode === 'ticker') changes.ticker(rule);
    else {
      if (activation.takeover_id) changes.endedTakeovers.add(activation.takeover_id);
      if (rule.managed_data_source_id) changes.documents.add(rule.managed_data_source_id);
    }
  }

  /**
   * Ends the takeovers; has the changed bars' screens rebuild their manifests and the changed
   * built-in presentations' sources produce again when `trx` commits.
   */
  async flush(changes: ResponseChanges, trx: Knex.Transaction): Promise<void> {
    for (const id of changes.endedTakeovers) await this.d.takeovers.end(id, ENDED, trx);
    if (changes.documents.size) await this.d.builtinPresentations.changed([...changes.documents], trx);
    const rules = changes.tickerRules;
    if (!rules.length) return;
    const [direct, grouped] = await Promise.all([
      this.d.screenTargets.screensOf({ targetScope: 'screens', targetIds: [...new Set(rules.flatMap((r) => r.screen_ids))] }),
      this.d.screenTargets.screensOf({ targetScope: 'sync_groups', targetIds: [...new Set(rules.flatMap((r) => r.group_ids))] }),
    ]);
    const screens = [...new Set([...direct, ...grouped])];
    if (screens.length) await this.d.manifestPlugins.changed(screens, trx);
  }
}
