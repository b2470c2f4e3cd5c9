/**
 * Drag to reorder sibling departments (antd Tree `draggable`, /api/sys/depart/sort {id, sort}):
 * which drops are allowed and which position (0 = first) the dragged department then takes among
 * its siblings. The parent of a department never changes, so a drop moves something only when it
 * lands before or after a sibling, or in the gap above the first sibling (which antd reports as a
 * drop into the parent: the dragged department becomes the first child).
 */

/** What a drop reads of a department. */
export interface DragNode {
  id: string;
  /** '' for a root. */
  parentId: string;
}

/** antd's drop: `dropPosition` is absolute (the drop node's index + -1 / 0 / 1); `pos` is the drop node's path ('0-2-1'). Answers -1 (before), 0 (into), 1 (after). */
export function relativeDrop(pos: string, dropPosition: number): number {
  const index = Number(pos.split('-').pop());
  return dropPosition - index;
}

/** True when dropping `drag` at `rel` (-1 before, 0 into, 1 after) of `drop` keeps its parent. */
export function canDrop(drag: DragNode, drop: DragNode, rel: number): boolean {
  if (drag.id === drop.id) return false;
  return rel === 0 ? drop.id === drag.parentId : drop.parentId === drag.parentId;
}

/**
 * The position `drag` takes when dropped at `rel` of `drop`, among `siblingIds` (its siblings in
 * display order, itself included); undefined when the drop is not allowed or changes nothing.
 */
export function sortTarget(siblingIds: readonly string[], drag: DragNode, drop: DragNode, rel: number): number | undefined {
  if (!canDrop(drag, drop, rel) || (rel !== -1 && rel !== 0 && rel !== 1)) return undefined;
  const from = siblingIds.indexOf(drag.id);
  if (from < 0) return undefined;
  let to = 0;
  if (rel !== 0) {
    const at = siblingIds.filter((id) => id !== drag.id).indexOf(drop.id);
    if (at < 0) return undefined;
    to = rel < 0 ? at : at + 1;
  }
  return to === from ? undefined : to;
}
