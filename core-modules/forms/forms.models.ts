import { TableModel } from '../../kernel/db/table-model.js';
import type { AttachmentRow, DefinitionRow, RecordRow, RevisionRow } from './forms.repository.js';

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
