/**
 * Titles of the objects `rows` reference by `classId` ('' = none), read one by one through `find`
 * (another module's service, e.g. trainClass.find): id → title, missing (deleted) ones left out.
 * For the `classId_dictText` of lists that belong to a training class (classNews, zt).
 */
export async function titlesById(rows: readonly { classId: string }[], find: (id: string) => Promise<{ id: string; title: string } | undefined>): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.classId).filter(Boolean))];
  const found = await Promise.all(ids.map((id) => find(id)));
  return new Map(found.flatMap((c) => (c ? [[c.id, c.title] as const] : [])));
}
