import { TableModel } from '../../../kernel/db/table-model.js';

export const UPLOAD_STATUSES = ['pending', 'uploading', 'finalizing', 'finalized', 'cancelled', 'expired', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

export interface UploadRow {
  id: string;
  created_by: string;
  filename: string;
  declared_mime_type: string;
  size_bytes: number;
  offset_bytes: number;
  status: UploadStatus;
  final_asset_id: string | null;
  resulting_asset_id: string | null;
  error_code: string | null;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

/** A row of `upload_sessions`: one resumable upload, from creation to its asset. */
export class UploadSessionModel extends TableModel {
  static override tableName = 'upload_sessions';
}
export interface UploadSessionModel extends UploadRow {}
