import { fn } from 'objection';
import type { KernelDeps } from '../../../kernel/kernel.js';
import { PanelFileModel, type PanelFileRow, type PanelFileState } from './span.models.js';

/** What a panel file is cut for: a member's panel (by its geometry) of one source video. */
export type PanelFileKey = Pick<PanelFileRow, 'group_id' | 'screen_id' | 'asset_id' | 'source_variant_id' | 'source_sha256' | 'geometry_hash'>;

/** What a finished cut records. */
export type PanelFileMade = Pick<PanelFileRow, 'sha256' | 'width' | 'height' | 'duration_seconds' | 'frame_rate'> & { file_size: number };

/** The screen_group_panel_files table. The only place that queries it. */
export class PanelFilesRepository {
  private readonly files: typeof PanelFileModel;

  constructor(private readonly d: Pick<KernelDeps, 'db'>) {
    this.files = PanelFileModel.bindKnex(d.db);
  }

  async byId(id: string): Promise<PanelFileRow | undefined> {
    return await this.files.query().findById(id);
  }

  /** The group's files of these source videos (by asset and content hash). */
  async ofSources(groupId: string, sources: { assetId: string; sha256: string }[]): Promise<PanelFileRow[]> {
    if (!sources.length) return [];
    return await this.files
      .query()
      .where('group_id', groupId)
      .whereIn(
        ['asset_id', 'source_sha256'],
        sources.map((s) => [s.assetId, s.sha256]),
      );
  }

  async ofGroup(groupId: string): Promise<PanelFileRow[]> {
    return await this.files.query().where('group_id', groupId).orderBy(['asset_id', 'screen_id']);
  }

  async all(): Promise<PanelFileRow[]> {
    return await this.files.query();
  }

  /**
   * Adds the files not there yet and answers the ids of those it added (knex, not the model:
   * objection answers an insert with its input even when ON CONFLICT wrote nothing).
   */
  async addMissing(keys: (PanelFileKey & { id: string })[]): Promise<string[]> {
    if (!keys.length) return [];
    const rows: { id: string }[] = await this.d
      .db('screen_group_panel_files')
      .insert(keys)
      .onConflict(['screen_id', 'asset_id', 'source_sha256', 'geometry_hash'])
      .ignore()
      .returning('id');
    return rows.map((r) => r.id);
  }

  /** Moves a file from `from` to processing; false when it was not in `from` (another run has it, or it is done). */
  async start(id: string, from: PanelFileState[]): Promise<boolean> {
    const changed = await this.files
      .query()
      .findById(id)
      .whereIn('state', from)
      .patch({ state: 'processing', progress: 0, error_message: null, updated_at: fn.now() });
    return changed > 0;
  }

  async progress(id: string, fraction: number): Promise<void> {
    await this.files.query().findById(id).where('state', 'processing').patch({ progress: fraction, updated_at: fn.now() });
  }

  /** False when the file is gone meanwhile (swept). */
  async ready(id: string, made: PanelFileMade): Promise<boolean> {
    const changed = await this.files
      .query()
      .findById(id)
      .patch({ ...made, file_size: String(made.file_size), state: 'ready', progress: 1, error_message: null, updated_at: fn.now() });
    return changed > 0;
  }

  async fail(id: string, message: string): Promise<void> {
    await this.files.query().findById(id).patch({ state: 'failed', error_message: message, updated_at: fn.now() });
  }

  /** The group's failed files back to queued (the wall was saved again: a retry); answers their ids. */
  async requeueFailed(groupId: string): Promise<string[]> {
    const rows = await this.files
      .query()
      .where({ group_id: groupId, state: 'failed' })
      .patch({ state: 'queued', progress: 0, error_message: null, updated_at: fn.now() })
      .returning('id')
      .castTo<{ id: string }[]>();
    return rows.map((r) => r.id);
  }

  /** Queued or processing and untouched since `before`: a run that died with its server. */
  async stalled(before: Date): Promise<PanelFileRow[]> {
    return await this.files.query().whereIn('state', ['queued', 'processing']).where('updated_at', '<', before);
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length) await this.files.query().whereIn('id', ids).delete();
  }
}
