export interface SniffedType {
  type: 'image' | 'video';
  mimeType: string;
  /** Extension of the stored original. */
  ext: string;
}

/** Bytes `sniffMediaType` needs to see: enough for every signature and a WebM DocType. */
export const SNIFF_BYTES = 64;

const startsWith = (b: Buffer, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, text: string, at: number) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/**
 * The accepted types, recognised by their magic bytes only: a file's name and declared MIME type
 * are whatever the client says, the bytes are what players will have to decode.
 */
export function sniffMediaType(head: Buffer): SniffedType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { type: 'image', mimeType: 'image/jpeg', ext: '.jpg' };
  if (startsWith(head, PNG)) return { type: 'image', mimeType: 'image/png', ext: '.png' };
  if (ascii(head, 'RIFF', 0) && ascii(head, 'WEBP', 8)) return { type: 'image', mimeType: 'image/webp', ext: '.webp' };
  if (ascii(head, 'GIF87a', 0) || ascii(head, 'GIF89a', 0)) return { type: 'image', mimeType: 'image/gif', ext: '.gif' };
  if (ascii(head, 'ftyp', 4)) return { type: 'video', mimeType: 'video/mp4', ext: ascii(head, 'qt  ', 8) ? '.mov' : '.mp4' };
  if (startsWith(head, EBML)) {
    // One MIME type for Matroska and WebM (as the reference does); the extension follows the DocType.
    return { type: 'video', mimeType: 'video/x-matroska', ext: head.includes('webm', 0, 'latin1') ? '.webm' : '.mkv' };
  }
  return undefined;
}
