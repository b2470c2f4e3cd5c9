/**
 * Bytes of a writer that streams into a Writable (the xlsx writers of the imports' templates,
 * small exports and tests): `await bufferOf((out) => writeSheet(rows, out))`. The writer must end
 * the stream; an error on the stream rejects.
 */
import { PassThrough, type Writable } from 'node:stream';

export async function bufferOf(write: (out: Writable) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await write(out);
  await done;
  return Buffer.concat(chunks);
}
