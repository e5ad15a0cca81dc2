import { TableModel } from '../../kernel/db/table-model.js';
import type { FieldValue, FormSchema } from './form-schema.js';
import type { Workflow } from './workflow.js';

export interface DefinitionRow {
  source_id: string;
  draft_schema: FormSchema;
  workflow: Workflow;
}

export interface RevisionRow {
  id: string;
  source_id: string;
  number: number;
  schema: FormSchema;
  published_at: Date;
}

export interface RecordRow {
  id: string;
  source_id: string;
  revision_id: string;
  state: string;
  values: Record<string, FieldValue>;
  submitted_by: string | null;
  submitter_name: string;
  display_title: string;
  priority: number;
  display_at: Date | null;
  expires_at: Date | null;
  eligible: boolean;
  version: number;
  state_changed_at: Date;
  created_at: Date;
  updated_at: Date;
}

export interface AttachmentRow {
  id: string;
  record_id: string;
  source_id: string;
  field_key: string;
  file_name: string;
  mime_type: string;
  size: number;
  sha256: string;
  created_at: Date;
}

/** A row of `form_definitions`: a form's draft and workflow. */
export class DefinitionModel extends TableModel {
  static override tableName = 'form_definitions';
  static override idColumn = 'source_id';
  static override jsonAttributes = ['draft_schema', 'workflow'];
}
export interface DefinitionModel extends DefinitionRow {}

/** A row of `form_revisions`: a published form, never changed. */
export class RevisionModel extends TableModel {
  static override tableName = 'form_revisions';
  static override jsonAttributes = ['schema'];
}
export interface RevisionModel extends RevisionRow {}

/** A row of `form_records`: one submission, with its events, comments and images. */
export class RecordModel extends TableModel {
  static override tableName = 'form_records';
  static override jsonAttributes = ['values'];
  static override get relationMappings() {
    return {
      events: { relation: TableModel.HasManyRelation, modelClass: EventModel, join: { from: 'form_records.id', to: 'form_record_events.record_id' } },
      comments: { relation: TableModel.HasManyRelation, modelClass: CommentModel, join: { from: 'form_records.id', to: 'form_record_comments.record_id' } },
      attachments: { relation: TableModel.HasManyRelation, modelClass: AttachmentModel, join: { from: 'form_records.id', to: 'form_attachments.record_id' } },
    };
  }
}
export interface RecordModel extends RecordRow {}

export class EventModel extends TableModel {
  static override tableName = 'form_record_events';
}
export class CommentModel extends TableModel {
  static override tableName = 'form_record_comments';
}
export class AttachmentModel extends TableModel {
  static override tableName = 'form_attachments';
}
export interface AttachmentModel extends AttachmentRow {}

export class GrantModel extends TableModel {
  static override tableName = 'form_grants';
  static override idColumn = ['source_id', 'user_id'];
}

export interface ViewRow {
  id: string;
  source_id: string;
  key: string;
  name: string;
  included_states: string[];
  field_filters: { field: string; operator: string; value: string }[];
  time_filter: { enabled: boolean; startField?: string; endField?: string; startBeforeNow?: boolean; endAfterNow?: boolean };
  sort: { field: string; direction: 'asc' | 'desc' }[];
  output_fields: string[];
  record_limit: number;
  position: number;
}

/** What a view is, apart from which form it is of. */
export type ViewFields = Omit<ViewRow, 'id' | 'source_id'>;

/** A row of `form_views`: a saved view, one dataset of the form's output. */
export class ViewModel extends TableModel {
  static override tableName = 'form_views';
  static override jsonAttributes = ['field_filters', 'time_filter', 'sort'];
}
export interface ViewModel extends ViewRow {}
