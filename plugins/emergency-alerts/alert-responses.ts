import type { Knex } from 'knex';
import type { ManifestPlugins } from '../../core-modules/player/player.api.js';
import type { ScreenTargets } from '../../core-modules/screens/screens.api.js';
import type { Takeovers } from '../../core-modules/takeovers/takeovers.api.js';
import type { ActivationRow, RuleRow, ShownAlert } from './alerts.repository.js';
import type { NwsAlert } from './nws-client.js';

type Deps = { takeovers: Takeovers; manifestPlugins: ManifestPlugins; screenTargets: ScreenTargets };
type Targets = Pick<RuleRow, 'id' | 'screen_ids' | 'group_ids'>;

/** The ticker rules whose bars changed in one transaction (targets before and after an edit): their screens rebuild once, at its end. */
export class TickerChanges {
  private readonly byKey = new Map<string, Targets>();
  add(rule: Targets): void {
    this.byKey.set(`${rule.id}:${rule.screen_ids.join()}:${rule.group_ids.join()}`, rule);
  }
  get rules(): Targets[] {
    return [...this.byKey.values()];
  }
}

const TAKEOVER_NAME_MAX = 180;
const TAKEOVER_DESCRIPTION_MAX = 2000;

/** What an activation does on the screens: a takeover through the takeovers module, or a bar in the manifest's `plugins[]`. */
export class AlertResponses {
  constructor(private readonly d: Deps) {}

  /** Starts the rule's response to the alert in `trx`; answers the takeover it raised, if any. */
  async start(rule: RuleRow, alert: NwsAlert, playlistId: string | null, expiresAt: Date, changes: TickerChanges, trx: Knex.Transaction) {
    if (rule.response_mode === 'ticker') {
      changes.add(rule);
      return null;
    }
    if (!playlistId) throw new Error(`rule ${rule.id} has no playlist to take over with`);
    const { id } = await this.d.takeovers.start(
      {
        name: (alert.event || 'Weather alert').slice(0, TAKEOVER_NAME_MAX),
        description: (alert.headline || alert.description).slice(0, TAKEOVER_DESCRIPTION_MAX),
        playlistId,
        screenIds: rule.screen_ids,
        groupIds: rule.group_ids,
        expiresAt,
        origin: { kind: 'weather_alert', ref: `${rule.id}:${alert.id}`.slice(0, 200) },
      },
      trx,
    );
    return id;
  }

  /** The alert changed what the activation shows (text or end). */
  async update(rule: RuleRow, activation: ActivationRow, next: ShownAlert, changes: TickerChanges, trx: Knex.Transaction): Promise<void> {
    if (activation.response_mode === 'ticker') changes.add(rule);
    else if (activation.takeover_id && next.expires_at.getTime() !== activation.expires_at.getTime()) {
      await this.d.takeovers.extend(activation.takeover_id, next.expires_at, trx);
    }
  }

  /** Ends what the activation shows; `rule` as it was while it showed. */
  async end(rule: Targets, activation: ActivationRow, reason: string, changes: TickerChanges, trx: Knex.Transaction): Promise<void> {
    if (activation.response_mode === 'ticker') changes.add(rule);
    else if (activation.takeover_id) await this.d.takeovers.end(activation.takeover_id, reason, trx);
  }

  /** The screens of the changed bars rebuild their manifests when `trx` commits. */
  async flush(changes: TickerChanges, trx: Knex.Transaction): Promise<void> {
    if (!changes.rules.length) return;
    const screens = new Set<string>();
    for (const rule of changes.rules) for (const id of await this.screensOf(rule)) screens.add(id);
    if (screens.size) await this.d.manifestPlugins.changed([...screens], trx);
  }

  async screensOf(rule: Targets): Promise<string[]> {
    const [direct, grouped] = await Promise.all([
      this.d.screenTargets.screensOf({ targetScope: 'screens', targetIds: rule.screen_ids }),
      this.d.screenTargets.screensOf({ targetScope: 'sync_groups', targetIds: rule.group_ids }),
    ]);
    return [...new Set([...direct, ...grouped])];
  }
}
