/**
 * `<field>_dictText` labels (ARCHITECTURE §3): a record's dictionary-coded or id fields get a
 * human label beside them (`state_dictText`, `quType_dictText`, `createBy_dictText`). A label
 * source is either a fixed map (an enumeration of SPEC §4: value → label) or a resolver that turns
 * the distinct values of the field across ALL records into labels in one call (ids → names, asked
 * of the owning module's service), so a page of 100 rows costs one lookup per field, not 100.
 * Missing labels are ''.
 */

/** A fixed map of labels, or a batched resolver of the distinct values. */
export type LabelSource<V> = Readonly<Record<string | number, string>> | ((values: V[]) => Promise<ReadonlyMap<V, string>>);

type WithLabels<R, K extends keyof R> = R & { [F in K as `${F & string}_dictText`]: string };

/** `records` with a `<field>_dictText` string for each field of `sources`. */
export async function withDictText<R extends object, K extends keyof R>(
  records: readonly R[],
  sources: { [F in K]: LabelSource<R[F]> },
): Promise<WithLabels<R, K>[]> {
  const resolved = new Map<K, (v: unknown) => string>();
  for (const field of Object.keys(sources) as K[]) {
    const source = sources[field];
    if (typeof source === 'function') {
      const values = [...new Set(records.map((r) => r[field]))];
      const map = values.length ? await source(values) : new Map<R[K], string>();
      resolved.set(field, (v) => map.get(v as R[K]) ?? '');
    } else {
      resolved.set(field, (v) => (source as Record<string, string>)[String(v)] ?? '');
    }
  }
  return records.map((r) => {
    const out = { ...r } as Record<string, unknown>;
    for (const [field, label] of resolved) out[`${String(field)}_dictText`] = label(r[field]);
    return out as WithLabels<R, K>;
  });
}
