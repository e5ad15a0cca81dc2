import { TableModel } from '../../kernel/db/table-model.js';
import type { LayoutDependency, LayoutDocument } from './layout-document.js';

export interface LayoutRow {
  id: string;
  name: string;
  description: string;
  orientation: string;
  canvas_width: number;
  canvas_height: number;
  draft_document: LayoutDocument;
  draft_revision: number;
  draft_dependencies: LayoutDependency[];
  published_revision_id: string | null;
  preview_content_type: string | null;
  preview_sha256: string | null;
  preview_size: number | null;
  preview_updated_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface RevisionRow {
  id: string;
  layout_id: string;
  revision: number;
  document: LayoutDocument;
  document_sha256: string;
  published_by: string | null;
  published_at: Date;
}

/** A row of `layouts`: the editable draft, and which revision screens play. */
export class LayoutModel extends TableModel {
  static override tableName = 'layouts';
  static override jsonAttributes = ['draft_document', 'draft_dependencies'];
}
export interface LayoutModel extends LayoutRow {}

/** A row of `layout_revisions`: one published document, never changed. */
export class LayoutRevisionModel extends TableModel {
  static override tableName = 'layout_revisions';
  static override jsonAttributes = ['document'];
}
export interface LayoutRevisionModel extends RevisionRow {}
