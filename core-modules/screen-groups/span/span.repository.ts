import type { Knex } from 'knex';
import { fn } from 'objection';
import type { KernelDeps } from '../../../kernel/kernel.js';
import type { Canvas, Panel } from './span-geometry.js';
import { PanelModel, type PanelRow, SpanModel } from './span.models.js';

export const panelOf = (r: PanelRow): Panel & Required<Pick<Panel, 'bezelLeft' | 'bezelTop' | 'bezelRight' | 'bezelBottom'>> => ({
  screenId: r.screen_id,
  order: r.panel_order,
  x: r.x,
  y: r.y,
  width: r.width,
  height: r.height,
  rotation: r.rotation,
  bezelLeft: r.bezel_left,
  bezelTop: r.bezel_top,
  bezelRight: r.bezel_right,
  bezelBottom: r.bezel_bottom,
});

/** The screen_group_spans and screen_group_span_panels tables. The only place that queries them. */
export class SpanRepository {
  private readonly spans: typeof SpanModel;
  private readonly panels: typeof PanelModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.spans = SpanModel.bindKnex(db);
    this.panels = PanelModel.bindKnex(db);
  }

  async get(groupId: string): Promise<{ canvas: Canvas; panels: PanelRow[] } | undefined> {
    const span = await this.spans.query().findById(groupId);
    if (!span) return undefined;
    const panels = await this.panels.query().where({ group_id: groupId }).orderBy('panel_order');
    return { canvas: { width: span.canvas_width, height: span.canvas_height }, panels };
  }

  async replace(groupId: string, canvas: Canvas, panels: Panel[], trx: Knex.Transaction): Promise<void> {
    await this.spans.query(trx).deleteById(groupId);
    await this.spans.query(trx).insert({ group_id: groupId, canvas_width: canvas.width, canvas_height: canvas.height, updated_at: fn.now() });
    await this.panels.query(trx).insert(
      panels.map((p) => ({
        group_id: groupId,
        screen_id: p.screenId,
        panel_order: p.order,
        x: p.x,
        y: p.y,
        width: p.width,
        height: p.height,
        rotation: p.rotation,
        bezel_left: p.bezelLeft ?? 0,
        bezel_top: p.bezelTop ?? 0,
        bezel_right: p.bezelRight ?? 0,
        bezel_bottom: p.bezelBottom ?? 0,
      })),
    );
  }

  async delete(groupId: string, trx: Knex.Transaction): Promise<void> {
    await this.spans.query(trx).deleteById(groupId);
  }

  /** The canvas and panel of each of `screenIds` that has one (members of span groups). */
  async panelsOf(screenIds: string[]): Promise<Map<string, { canvas: Canvas; panel: PanelRow }>> {
    if (!screenIds.length) return new Map();
    const rows = await this.panels
      .query()
      .alias('p')
      .join('screen_group_spans as s', 's.group_id', 'p.group_id')
      .join('screen_groups as g', 'g.id', 'p.group_id')
      .where('g.display_mode', 'span')
      .whereRaw('p.screen_id = ANY(?::uuid[])', [screenIds])
      .select('p.*', 's.canvas_width', 's.canvas_height')
      .castTo<(PanelRow & { canvas_width: number; canvas_height: number })[]>();
    return new Map(rows.map((r) => [r.screen_id, { canvas: { width: r.canvas_width, height: r.canvas_height }, panel: r }]));
  }
}
