import { TableModel } from '../../kernel/db/table-model.js';
import type { CampaignDocument } from './campaign-document.js';

export interface CampaignRow {
  id: string;
  name: string;
  draft: CampaignDocument;
  draft_revision: number;
  archived_at: Date | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ReleaseRow {
  id: string;
  campaign_id: string;
  release_number: number;
  submission_id: string | null;
  snapshot: CampaignDocument;
  snapshot_sha256: string;
  status: string;
  based_release_id: string | null;
  published_by: string | null;
  published_at: Date | null;
  requested_publication_at: Date | null;
  failure_reason: string | null;
  created_by: string | null;
  created_at: Date;
}

/** A row of `campaigns`: the working draft at its revision. */
export class CampaignModel extends TableModel {
  static override tableName = 'campaigns';
  static override jsonAttributes = ['draft'];
}
export interface CampaignModel extends CampaignRow {}

/** A row of `campaign_releases`: a frozen document that was (or is) live. */
export class ReleaseModel extends TableModel {
  static override tableName = 'campaign_releases';
  static override jsonAttributes = ['snapshot'];
}
export interface ReleaseModel extends ReleaseRow {}
