/**
 * Pure helpers of the dictionary screen's two trees (the category tree, the value tree): find a
 * node, filter by a keyword, list ids, and the parent choices of a node being edited (everything
 * except the node and its sub-tree).
 */

/** What the helpers read of a node. */
export interface TreeLike<N> {
  id: string;
  title: string;
  children?: N[];
}

/** The node `id` in `nodes` (at any depth). */
export function findNode<N extends TreeLike<N>>(nodes: readonly N[], id: string | undefined): N | undefined {
  if (!id) return undefined;
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findNode(n.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** Ids of every node, depth first. */
export function allIds<N extends TreeLike<N>>(nodes: readonly N[]): string[] {
  return nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);
}

/**
 * The nodes that match `keyword` (case-insensitive, in `title` or in the texts `extra` gives) with
 * their ancestors and their whole sub-trees; all of `nodes` when the keyword is blank.
 */
export function filterTree<N extends TreeLike<N>>(nodes: readonly N[], keyword: string, extra: (n: N) => string[] = () => []): N[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...nodes];
  const matches = (n: N) => [n.title, ...extra(n)].some((s) => s.toLowerCase().includes(k));
  return nodes.flatMap((n) => {
    if (matches(n)) return [n];
    const children = filterTree(n.children ?? [], keyword, extra);
    return children.length ? [{ ...n, children }] : [];
  });
}

/** A TreeSelect option: value = node id. */
export interface ParentOption {
  value: string;
  title: string;
  children?: ParentOption[];
}

/** The parents a node may get: `nodes` without `selfId` and its sub-tree, as TreeSelect options. */
export function parentOptions<N extends TreeLike<N>>(nodes: readonly N[], selfId?: string): ParentOption[] {
  return nodes
    .filter((n) => n.id !== selfId)
    .map((n) => {
      const children = parentOptions(n.children ?? [], selfId);
      return { value: n.id, title: n.title, ...(children.length ? { children } : {}) };
    });
}
