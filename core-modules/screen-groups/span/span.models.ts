import { TableModel } from '../../../kernel/db/table-model.js';

export interface SpanRow {
  group_id: string;
  canvas_width: number;
  canvas_height: number;
  updated_at: Date;
}

export interface PanelRow {
  screen_id: string;
  group_id: string;
  panel_order: number;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  bezel_left: number;
  bezel_top: number;
  bezel_right: number;
  bezel_bottom: number;
}

export type PanelFileState = 'queued' | 'processing' | 'ready' | 'failed';

export interface PanelFileRow {
  id: string;
  group_id: string;
  screen_id: string;
  asset_id: string;
  source_variant_id: string;
  source_sha256: string;
  geometry_hash: string;
  state: PanelFileState;
  /** 0–1. */
  progress: number;
  error_message: string | null;
  file_size: string | null;
  sha256: string | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  frame_rate: number | null;
  created_at: Date;
  updated_at: Date;
}

/** A row of `screen_group_spans`: a span group's canvas. */
export class SpanModel extends TableModel {
  static override tableName = 'screen_group_spans';
  static override idColumn = 'group_id';
}
export interface SpanModel extends SpanRow {}

/** A row of `screen_group_span_panels`: one member's panel of its group's canvas. */
export class PanelModel extends TableModel {
  static override tableName = 'screen_group_span_panels';
  static override idColumn = 'screen_id';
}
export interface PanelModel extends PanelRow {}

/** A row of `screen_group_panel_files`: a member's panel of one video, cut for its wall. */
export class PanelFileModel extends TableModel {
  static override tableName = 'screen_group_panel_files';
}
export interface PanelFileModel extends PanelFileRow {}
