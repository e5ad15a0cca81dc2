import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import tar from 'tar-stream';

/** Every entry of a tar held in memory (test archives are small), in order. */
export async function tarEntries(bytes: Buffer): Promise<{ name: string; body: Buffer }[]> {
  const extract = tar.extract();
  Readable.from([bytes]).pipe(extract);
  const entries: { name: string; body: Buffer }[] = [];
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const chunk of entry) parts.push(chunk);
    entries.push({ name: entry.header.name, body: Buffer.concat(parts) });
  }
  return entries;
}

/** The COPY text of one table, from its gzip chunks. */
export const tableText = (entries: { name: string; body: Buffer }[], table: string) =>
  entries
    .filter((e) => e.name.startsWith(`db/${table}/`))
    .map((e) => gunzipSync(e.body).toString('utf8'))
    .join('');
