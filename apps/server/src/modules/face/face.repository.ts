/**
 * SQL of the local engine's reference faces (sys_face_person). Every function takes `db | trx`.
 * Descriptors travel as Float32Array and are stored as base64 of their bytes.
 */
import type { Executor } from '../../db';

/** base64 of the float32 bytes of `d`. */
export function encodeDescriptor(d: Float32Array): string {
  return Buffer.from(d.buffer, d.byteOffset, d.byteLength).toString('base64');
}

/** The Float32Array of a stored descriptor. */
export function decodeDescriptor(s: string): Float32Array {
  const b = Buffer.from(s, 'base64');
  const out = new Float32Array(Math.floor(b.length / 4));
  for (let i = 0; i < out.length; i++) out[i] = b.readFloatLE(i * 4);
  return out;
}

/** Inserts or replaces the reference face of `personId` (one row per person). */
export async function upsertPerson(db: Executor, personId: string, descriptor: Float32Array, at: number): Promise<void> {
  const d = encodeDescriptor(descriptor);
  await db
    .insertInto('sys_face_person')
    .values({ personId, descriptor: d, createTime: at, updateTime: at })
    .onConflict((oc) => oc.column('personId').doUpdateSet({ descriptor: d, updateTime: at }))
    .execute();
}

export async function deletePerson(db: Executor, personId: string): Promise<void> {
  await db.deleteFrom('sys_face_person').where('personId', '=', personId).execute();
}

/** The reference descriptor of `personId`, or null. */
export async function findDescriptor(db: Executor, personId: string): Promise<Float32Array | null> {
  const row = await db.selectFrom('sys_face_person').select('descriptor').where('personId', '=', personId).executeTakeFirst();
  return row ? decodeDescriptor(row.descriptor) : null;
}

/**
 * Calls `visit` with every stored descriptor, `batch` rows at a time in personId order (keyset
 * paging: memory stays at one batch however many people are enrolled).
 */
export async function eachDescriptor(db: Executor, visit: (personId: string, d: Float32Array) => void, batch = 500): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await db.selectFrom('sys_face_person').select(['personId', 'descriptor']).where('personId', '>', after).orderBy('personId').limit(batch).execute();
    for (const r of rows) visit(r.personId, decodeDescriptor(r.descriptor));
    if (rows.length < batch) return;
    after = (rows[rows.length - 1] as { personId: string }).personId;
  }
}
