import { AppError, badRequest, conflict, notFound } from '../../../kernel/errors.js';

/** The upload protocol's error codes (reference: "Error codes"), in one place. */
export const uploadErrors = {
  notFound: () => notFound('not_found', 'No such upload.'),
  invalidOffset: () => badRequest('invalid_upload_offset', 'The Upload-Offset header must be a whole number of bytes.'),
  contentType: () =>
    new AppError('unsupported_media_type', 'unsupported_content_type', 'Send upload bytes with Content-Type: application/offset+octet-stream.'),
  tooLarge: (maximumSizeBytes: number, closeConnection = false) =>
    new AppError(
      'payload_too_large',
      'upload_too_large',
      `The upload is larger than allowed (${maximumSizeBytes} bytes).`,
      { maximumSizeBytes },
      // The rest of an oversized body is never read; the connection cannot be reused after it.
      closeConnection ? { Connection: 'close' } : undefined,
    ),
  chunkTooLarge: (remaining: number) =>
    new AppError(
      'payload_too_large',
      'upload_too_large',
      `This upload takes only ${remaining} more bytes.`,
      { remainingBytes: remaining },
      { Connection: 'close' },
    ),
  insufficientStorage: () => new AppError('insufficient_storage', 'insufficient_storage', 'The server does not have enough free disk space for this upload.'),
  expired: () => new AppError('gone', 'upload_expired', 'The upload expired; start a new one.'),
  stateConflict: (status: string) => conflict('upload_state_conflict', `The upload is ${status}; it cannot take this action.`),
  offsetMismatch: (offset: number) =>
    new AppError('conflict', 'upload_offset_mismatch', `The upload continues at byte ${offset}.`, { offset }, { 'Upload-Offset': String(offset) }),
  incomplete: (offset: number, size: number) => conflict('upload_incomplete', `The upload has ${offset} of ${size} bytes.`, { offset, sizeBytes: size }),
  unsupportedMedia: () =>
    new AppError('unsupported_media_type', 'unsupported_media_type', 'The file is not a supported image or video (JPEG, PNG, WebP, GIF, MP4/MOV, MKV/WebM).'),
  interrupted: () => badRequest('upload_interrupted', 'The request body ended early; ask for the offset (HEAD) and continue from there.'),
};
