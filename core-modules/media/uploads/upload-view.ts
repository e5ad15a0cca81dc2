import { Type, type Static } from '@sinclair/typebox';
import { UPLOAD_STATUSES, type UploadRow } from './uploads.models.js';
import { Uuid, Stamp } from '../../../kernel/http/wire.js';

export const UploadSchema = Type.Object({
  id: Uuid,
  filename: Type.String(),
  mimeType: Type.String(),
  sizeBytes: Type.Integer(),
  offset: Type.Integer(),
  status: Type.Union(UPLOAD_STATUSES.map((s) => Type.Literal(s))),
  expiresAt: Stamp,
  assetId: Type.Optional(Uuid),
  /** Where to send HEAD, PATCH and DELETE. */
  uploadEndpoint: Type.String(),
  maximumSizeBytes: Type.Integer(),
});
export type UploadView = Static<typeof UploadSchema>;

export function uploadView(row: UploadRow, maximumSizeBytes: number): UploadView {
  return {
    id: row.id,
    filename: row.filename,
    mimeType: row.declared_mime_type,
    sizeBytes: Number(row.size_bytes),
    offset: Number(row.offset_bytes),
    status: row.status,
    expiresAt: row.expires_at.toISOString(),
    ...(row.resulting_asset_id ? { assetId: row.resulting_asset_id } : {}),
    uploadEndpoint: `/api/v1/uploads/${row.id}`,
    maximumSizeBytes,
  };
}

/** The `Upload-*` headers of HEAD and PATCH answers. */
export function uploadHeaders(row: UploadRow): Record<string, string> {
  return {
    'Upload-Offset': String(row.offset_bytes),
    'Upload-Length': String(row.size_bytes),
    'Upload-Status': row.status,
    'Upload-Expires': row.expires_at.toISOString(),
    'Cache-Control': 'no-store',
  };
}
