/**
 * Selects of dictionary entries (SPEC §3 "Dictionary entry: value, title"; the profile form's sex,
 * mz, zzmm, whcd, zw, dnzw): the field value is the entry's `value`, the option shows its `title`.
 * Entries are loaded once per code and cached 5 minutes (useDict, SPEC §9).
 * - `DictSelect`: a searchable Select of the flat entries, minus `excludes`;
 * - `DictTreeSelect`: a TreeSelect of a tree dictionary (xzzw), minus `excludes` and their
 *   sub-trees; `leafOnly` makes the nodes that have children unselectable.
 */
import { useMemo } from 'react';
import { Select, TreeSelect, type SelectProps, type TreeSelectProps } from 'antd';
import type { DicValueNode } from '@kaopei/contracts/sys-dic';
import { useDict, useDictTree } from './useDict';

interface DictSelectProps extends Omit<SelectProps<string>, 'options' | 'loading' | 'showSearch'> {
  dicCode: string;
  /** Values not offered. */
  excludes?: readonly string[];
}

export function DictSelect({ dicCode, excludes, placeholder = '请选择', allowClear = true, ...rest }: DictSelectProps) {
  const dict = useDict(dicCode);
  const options = useMemo(
    () => dict.items.filter((i) => !excludes?.includes(i.value)).map((i) => ({ value: i.value, label: i.title })),
    [dict.items, excludes],
  );
  return <Select<string> {...rest} placeholder={placeholder} allowClear={allowClear} loading={dict.loading} options={options} showSearch={{ optionFilterProp: 'label' }} />;
}

interface TreeNode {
  value: string;
  title: string;
  selectable?: boolean;
  children?: TreeNode[];
}

function toTreeData(nodes: readonly DicValueNode[], leafOnly: boolean): TreeNode[] {
  return nodes.map((n) => {
    const children = n.children?.length ? toTreeData(n.children, leafOnly) : undefined;
    return { value: n.value, title: n.title, ...(children ? { children } : {}), ...(leafOnly && children ? { selectable: false } : {}) };
  });
}

interface DictTreeSelectProps extends Omit<TreeSelectProps<string>, 'treeData' | 'loading' | 'showSearch'> {
  dicCode: string;
  /** Values not offered, with everything below them. */
  excludes?: readonly string[];
  /** Only entries without children can be chosen. */
  leafOnly?: boolean;
}

export function DictTreeSelect({ dicCode, excludes, leafOnly = false, placeholder = '请选择', allowClear = true, ...rest }: DictTreeSelectProps) {
  const { tree, loading } = useDictTree(dicCode, excludes);
  const treeData = useMemo(() => toTreeData(tree, leafOnly), [tree, leafOnly]);
  return (
    <TreeSelect<string>
      treeDefaultExpandAll
      {...rest}
      placeholder={placeholder}
      allowClear={allowClear}
      loading={loading}
      treeData={treeData}
      showSearch={{ treeNodeFilterProp: 'title' }}
    />
  );
}
