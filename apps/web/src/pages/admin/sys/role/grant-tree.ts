/**
 * The role authorisation tree's rules (SPEC §6 "Menus are assigned per role"), over the menu tree
 * of /api/sys/menu/tree: ticking a menu ticks everything below it and every menu above it (a page
 * needs its parents to be reachable; the server adds parents too); unticking a menu unticks
 * everything below it and leaves its parents. The ticked set is exactly what save-menus receives.
 */

interface Node {
  id: string;
  children?: Node[];
}

/** Every id of the forest, depth first. */
export function allMenuIds(nodes: readonly Node[]): string[] {
  return nodes.flatMap((n) => [n.id, ...allMenuIds(n.children ?? [])]);
}

/** `id → parent id` ('' for roots) of the forest. */
export function parentsOf(nodes: readonly Node[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (list: readonly Node[], parent: string) => {
    for (const n of list) {
      out.set(n.id, parent);
      walk(n.children ?? [], n.id);
    }
  };
  walk(nodes, '');
  return out;
}

function findNode<N extends Node>(nodes: readonly N[], id: string): N | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode((n.children ?? []) as N[], id);
    if (hit) return hit;
  }
  return undefined;
}

/** The ticked set after ticking (`on`) or unticking the menu `id` (see the file comment); `checked` is not changed. */
export function toggleGrant(nodes: readonly Node[], checked: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const out = new Set(checked);
  const node = findNode(nodes, id);
  if (!node) return out;
  const below = allMenuIds([node]);
  if (!on) {
    for (const k of below) out.delete(k);
    return out;
  }
  for (const k of below) out.add(k);
  const parents = parentsOf(nodes);
  for (let p = parents.get(id); p; p = parents.get(p)) out.add(p);
  return out;
}

/** Granted ids that are still menus of the tree (a grant of a menu deleted meanwhile is dropped). */
export function knownGrants(nodes: readonly Node[], granted: readonly string[]): Set<string> {
  const ids = new Set(allMenuIds(nodes));
  return new Set(granted.filter((g) => ids.has(g)));
}
