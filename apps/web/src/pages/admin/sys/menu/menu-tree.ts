/** The menu page's tree helpers: keyword filter (keeping ancestors and the sub-trees of matches) and the ids of the expandable rows. */

interface Node {
  id: string;
  title: string;
  path: string;
  name: string;
  permission: string;
  component: string;
  children?: Node[];
}

/** True when `keyword` (trimmed, case-insensitive) is in the menu's title, path, route name, component or permission code. */
export function menuMatches(n: Node, keyword: string): boolean {
  const k = keyword.trim().toLowerCase();
  return !k || [n.title, n.path, n.name, n.component, n.permission].some((v) => v.toLowerCase().includes(k));
}

/** The menus that match `keyword`, each with its ancestors and its whole sub-tree; the forest as it is for an empty keyword. */
export function filterMenus<N extends Node>(nodes: readonly N[], keyword: string): N[] {
  if (!keyword.trim()) return [...nodes];
  const out: N[] = [];
  for (const n of nodes) {
    if (menuMatches(n, keyword)) out.push(n);
    else {
      const kids = filterMenus((n.children ?? []) as N[], keyword);
      if (kids.length) out.push({ ...n, children: kids });
    }
  }
  return out;
}

/** Ids of the menus that have children (the rows a tree table can expand). */
export function parentIds(nodes: readonly Node[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...parentIds(n.children)] : []));
}
