/** The dictionary screen's tree helpers: find, ids, keyword filter with ancestors and sub-trees, parent choices without the node's own sub-tree. */
import { describe, expect, it } from 'vitest';
import { allIds, filterTree, findNode, parentOptions } from './dic-tree';

interface N {
  id: string;
  title: string;
  code: string;
  children?: N[];
}

const TREE: N[] = [
  {
    id: '1', title: '人员信息', code: 'person',
    children: [
      { id: '11', title: '民族', code: 'nation' },
      { id: '12', title: '行政职务', code: 'xzzw', children: [{ id: '121', title: '职级', code: 'level' }] },
    ],
  },
  { id: '2', title: '用户状态', code: 'user_state' },
];

describe('dictionary tree helpers', () => {
  it('finds nodes at any depth and lists every id depth first', () => {
    expect(findNode(TREE, '121')?.title).toBe('职级');
    expect(findNode(TREE, 'x')).toBeUndefined();
    expect(findNode(TREE, undefined)).toBeUndefined();
    expect(allIds(TREE)).toEqual(['1', '11', '12', '121', '2']);
  });

  it('filters by title or extra texts, keeping ancestors and the sub-trees of matches', () => {
    expect(filterTree(TREE, ' ')).toEqual(TREE);
    const byTitle = filterTree(TREE, '民族');
    expect(byTitle).toEqual([{ ...TREE[0], children: [TREE[0]?.children?.[0]] }]);
    expect(allIds(filterTree(TREE, 'XZZW', (n) => [n.code]))).toEqual(['1', '12', '121']);
    expect(filterTree(TREE, '人员')).toEqual([TREE[0]]);
    expect(filterTree(TREE, '没有')).toEqual([]);
  });

  it('offers as parents every node but the edited one and its sub-tree', () => {
    expect(parentOptions(TREE, '12')).toEqual([{ value: '1', title: '人员信息', children: [{ value: '11', title: '民族' }] }, { value: '2', title: '用户状态' }]);
    expect(allIds(parentOptions(TREE).map((o) => ({ id: o.value, title: o.title })))).toEqual(['1', '2']);
  });
});
