/** Tree helpers for dictionaries and their entries: rows with `id` and `parentId` ('' at the top). */

interface Row {
  id: string;
  parentId: string;
}

/**
 * The forest of `rows` (kept in their order among siblings); a row whose parent is not among
 * `rows` is a root. `children` is set only on nodes that have some.
 */
export function forest<R extends Row, N extends { children?: N[] }>(rows: readonly R[], toNode: (r: R) => N): N[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string, R[]>();
  for (const r of rows) {
    const parent = r.parentId && ids.has(r.parentId) && r.parentId !== r.id ? r.parentId : '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const seen = new Set<string>();
  const build = (parent: string): N[] =>
    (byParent.get(parent) ?? []).flatMap((r) => {
      if (seen.has(r.id)) return []; // a cycle in stored data: each row once
      seen.add(r.id);
      const node = toNode(r);
      const children = build(r.id);
      if (children.length) node.children = children;
      return [node];
    });
  return build('');
}

/** The nodes of a forest, depth first (parents before their children). */
export function flatten<N extends { children?: N[] }>(nodes: readonly N[]): N[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** `ids` and every row below them. */
export function withDescendants(rows: readonly Row[], ids: Iterable<string>): Set<string> {
  const out = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (!out.has(r.id) && out.has(r.parentId)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

/** True when `candidate` is `id` itself or one of its descendants (so it cannot become `id`'s parent). */
export function isSelfOrBelow(rows: readonly Row[], candidate: string, id: string): boolean {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  let at: string | undefined = candidate;
  for (let steps = 0; at && steps <= rows.length; steps++) {
    if (at === id) return true;
    at = parentOf.get(at);
  }
  return false;
}
