import type { DataOf } from '../api/types';

/** A form as `GET /data-sources/{id}/form` answers it. */
export type Form = DataOf<'/api/v1/data-sources/{id}/form', 'get'>;
export type Workflow = Form['workflow'];
