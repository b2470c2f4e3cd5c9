/** Department trees: the filter of the picker tree and of 部门管理 (components/DepartTree.tsx), the picker lookup (DepartSelect.tsx) and drag to reorder siblings (depart-drag.ts). */
import { describe, expect, it } from 'vitest';
import type { DepartOption } from '@kaopei/contracts/sys-depart';
import { filterTree, treeKeys } from '../../../../components/DepartTree';
import { findDepartOption } from '../../../../components/DepartSelect';
import { canDrop, relativeDrop, sortTarget } from './depart-drag';

const opt = (value: string, title: string, children: DepartOption[] = []): DepartOption => ({ value, title, key: value, sfyxjbm: 0, children });
const forest = [opt('A01', '默认部门'), opt('A02', '总公司', [opt('A02A01', '财务部', [opt('A02A01A01', '会计科')]), opt('A02A02', '人事部')]), opt('A03', '分公司')];
const texts = (n: DepartOption) => [n.title, n.value];

describe('filterTree', () => {
  it('keeps every department when the keyword is blank', () => {
    expect(filterTree(forest, '  ', texts)).toEqual(forest);
  });

  it('keeps matches with their ancestors and their whole sub-trees', () => {
    expect(filterTree(forest, '会计', texts)).toEqual([opt('A02', '总公司', [opt('A02A01', '财务部', [opt('A02A01A01', '会计科')])])]);
    expect(filterTree(forest, '财务', texts)).toEqual([opt('A02', '总公司', [opt('A02A01', '财务部', [opt('A02A01A01', '会计科')])])]);
    expect(treeKeys(filterTree(forest, '公司', texts), (n) => n.key)).toEqual(['A02', 'A02A01', 'A02A01A01', 'A02A02', 'A03']);
    expect(filterTree(forest, 'a02a02', texts)).toEqual([opt('A02', '总公司', [opt('A02A02', '人事部')])]);
    expect(filterTree(forest, '不存在', texts)).toEqual([]);
  });
});

describe('findDepartOption', () => {
  it('finds a department by code at any depth', () => {
    expect(findDepartOption(forest, 'A02A01A01')?.title).toBe('会计科');
    expect(findDepartOption(forest, 'A09')).toBeUndefined();
    expect(findDepartOption(forest, undefined)).toBeUndefined();
  });
});

describe('drag to reorder siblings', () => {
  const ids = ['a', 'b', 'c', 'd'];
  const node = (id: string, parentId = 'p') => ({ id, parentId });

  it("reads antd's absolute drop position relative to the drop node", () => {
    expect(relativeDrop('0-2', 1)).toBe(-1);
    expect(relativeDrop('0-2', 3)).toBe(1);
    expect(relativeDrop('0-1-0', 0)).toBe(0);
  });

  it('allows drops between siblings, and into the parent (the gap above the first sibling), only', () => {
    expect(canDrop(node('a'), node('b'), 1)).toBe(true);
    expect(canDrop(node('a'), node('b'), -1)).toBe(true);
    expect(canDrop(node('a'), node('p', ''), 0)).toBe(true);
    expect(canDrop(node('a'), node('b'), 0)).toBe(false);
    expect(canDrop(node('a'), node('x', 'q'), 1)).toBe(false);
    expect(canDrop(node('a'), node('a'), 1)).toBe(false);
    expect(canDrop(node('r1', ''), node('r2', ''), -1)).toBe(true);
  });

  it('answers the position the dragged department takes among its siblings', () => {
    expect(sortTarget(ids, node('d'), node('a'), -1)).toBe(0);
    expect(sortTarget(ids, node('c'), node('p', ''), 0)).toBe(0);
    expect(sortTarget(ids, node('a'), node('d'), 1)).toBe(3);
    expect(sortTarget(ids, node('a'), node('c'), -1)).toBe(1);
    expect(sortTarget(ids, node('d'), node('b'), 1)).toBe(2);
  });

  it('ignores drops into a sibling, onto itself, outside the siblings, or that change nothing', () => {
    expect(sortTarget(ids, node('a'), node('b'), 0)).toBeUndefined();
    expect(sortTarget(ids, node('a'), node('a'), 1)).toBeUndefined();
    expect(sortTarget(ids, node('a'), node('x', 'q'), 1)).toBeUndefined();
    expect(sortTarget(ids, node('a'), node('x'), 1)).toBeUndefined();
    expect(sortTarget(ids, node('b'), node('a'), 1)).toBeUndefined();
    expect(sortTarget(ids, node('b'), node('c'), -1)).toBeUndefined();
    expect(sortTarget(ids, node('a'), node('p', ''), 0)).toBeUndefined();
  });
});
