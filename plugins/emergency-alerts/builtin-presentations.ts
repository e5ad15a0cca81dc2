import type { Knex } from 'knex';
import type { DataSourceLibrary } from '../../core-modules/data-sources/data-sources.api.js';
import type { PlaylistLibrary } from '../../core-modules/playlists/playlists.api.js';
import type { WidgetLibrary } from '../../core-modules/widgets/widgets.api.js';
import { AfterCommitEvents } from '../../kernel/after-commit-events.js';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { ALERT_SOURCE_PROVIDER } from './alert-document.provider.js';
import { ALERT_WIDGET_TYPE } from './alert-presentation.widget.js';
import type { ManagedIds } from './alerts.repository.js';

type Deps = Pick<KernelDeps, 'hub' | 'logger'> & { dataSourceLibrary: DataSourceLibrary; widgetLibrary: WidgetLibrary; playlistLibrary: PlaylistLibrary };

const OWNER = 'emergency-alerts';
const NAME_MAX = 180;
// The playlist holds the one widget, which redraws itself as its source changes: the item only loops.
const ITEM_DURATION_MS = 60_000;

/** What a rule's built-in presentation is made of. */
export interface Pieces {
  dataSourceId: string;
  widgetId: string;
  playlistId: string;
}

export const NO_PIECES: ManagedIds = { managed_data_source_id: null, managed_widget_id: null, managed_playlist_id: null };
export const managedIds = (p: Pieces): ManagedIds => ({
  managed_data_source_id: p.dataSourceId,
  managed_widget_id: p.widgetId,
  managed_playlist_id: p.playlistId,
});

/**
 * A takeover rule's built-in presentation, made through the data-sources, widgets and playlists
 * faces and kept by this plugin: a `weather_alert` source of the rule's live alerts, a widget
 * showing it, and a playlist of that widget, which the rule's takeover plays. The source is
 * produced again after every committed change to the rule's alerts, so screens follow without a
 * new takeover.
 */
export class BuiltinPresentations {
  private readonly documents: AfterCommitEvents<{ sourceId: string }>;

  constructor(private readonly d: Deps) {
    this.documents = new AfterCommitEvents(d, 'weather-alert-documents');
  }

  /** At start: the sources named by committed changes are produced again. */
  start(): void {
    this.documents.subscribe(async (events) => {
      for (const sourceId of new Set(events.map((e) => e.sourceId))) {
        // A source removed since (its rule deleted) has nothing left to show.
        await this.d.dataSourceLibrary.refresh(sourceId).catch((err) => this.d.logger.info({ err, sourceId }, 'a weather alert source was not produced again'));
      }
    });
  }

  /** Makes the pieces and runs `work` (the rule's own write) in the same transaction: all are made, or none. */
  async create<T>(actor: ConsolePrincipal, ip: string, ruleName: string, work: (trx: Knex.Transaction, pieces: Pieces) => Promise<T>): Promise<T> {
    const name = `Weather alert: ${ruleName}`.slice(0, NAME_MAX);
    const description = `The built-in presentation of the weather alert rule “${ruleName}”, kept by the emergency alerts plugin.`;
    let result: T | undefined;
    await this.d.dataSourceLibrary.createManaged(
      actor,
      { provider: ALERT_SOURCE_PROVIDER, name, description, configuration: {} },
      ip,
      async (trx, dataSourceId) => {
        const widgetId = await this.d.widgetLibrary.createManaged(
          actor,
          { owner: OWNER, provider: ALERT_WIDGET_TYPE, name, description, configuration: { dataSourceId } },
          trx,
        );
        const playlistId = await this.d.playlistLibrary.createManaged(
          { owner: OWNER, name, description, items: [{ assetId: widgetId, durationMs: ITEM_DURATION_MS }] },
          trx,
        );
        result = await work(trx, { dataSourceId, widgetId, playlistId });
      },
    );
    return result as T;
  }

  /** Removes a rule's pieces in `trx`, after its takeovers ended: the playlist, then the widget, then the source. */
  async remove(ids: ManagedIds, trx: Knex.Transaction): Promise<void> {
    if (ids.managed_playlist_id) await this.d.playlistLibrary.removeManaged(ids.managed_playlist_id, trx);
    if (ids.managed_widget_id) await this.d.widgetLibrary.removeManaged(ids.managed_widget_id, trx);
    if (ids.managed_data_source_id) await this.d.dataSourceLibrary.removeManaged(ids.managed_data_source_id, trx);
  }

  /** In the transaction changing these sources' alerts: they are produced again once it commits. */
  changed(sourceIds: string[], trx: Knex.Transaction): Promise<void> {
    return this.documents.emit(
      sourceIds.map((sourceId) => ({ sourceId })),
      trx,
    );
  }
}
