/**
 * Department tree with filter (SPEC §2 "department tree with filter", §4 "The picker tree clears
 * the selection when the text box is emptied"): a text box above the departments of
 * /api/sys/depart/tree-select; typing keeps the departments whose name (or code) contains the text,
 * with their ancestors and sub-departments, all expanded and the text highlighted; emptying the box
 * clears the selection (onChange(undefined)). Clicking a department selects it (its deptCode),
 * clicking it again unselects it. Used beside lists filtered by department (users …).
 *
 * Also the pure helpers of department trees (filterTree, treeKeys), shared with the 部门管理 page.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Empty, Input, Spin, Tree } from 'antd';
import type { DepartOption } from '@kaopei/contracts/sys-depart';
import { findDepartOption, useDepartOptions } from './DepartSelect';

/** What the tree helpers read of a node. */
export interface TreeNodeLike<N> {
  children: N[];
}

/**
 * The nodes of `nodes` whose `texts` contain `keyword` (case-insensitive), with their ancestors and
 * their whole sub-trees; all of `nodes` when the keyword is blank.
 */
export function filterTree<N extends TreeNodeLike<N>>(nodes: readonly N[], keyword: string, texts: (n: N) => string[]): N[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...nodes];
  return nodes.flatMap((n) => {
    if (texts(n).some((s) => s.toLowerCase().includes(k))) return [n];
    const children = filterTree(n.children, keyword, texts);
    return children.length ? [{ ...n, children }] : [];
  });
}

/** `key(n)` of every node, depth first. */
export function treeKeys<N extends TreeNodeLike<N>>(nodes: readonly N[], key: (n: N) => string): string[] {
  return nodes.flatMap((n) => [key(n), ...treeKeys(n.children, key)]);
}

/** `text` with the first occurrence of `keyword` (case-insensitive) in the error colour. */
export function highlight(text: string, keyword: string): ReactNode {
  const k = keyword.trim();
  const at = k ? text.toLowerCase().indexOf(k.toLowerCase()) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span style={{ color: 'var(--ant-color-error, #f5222d)' }}>{text.slice(at, at + k.length)}</span>
      {text.slice(at + k.length)}
    </>
  );
}

interface Props {
  /** The selected deptCode. */
  value?: string;
  /** The new selection (undefined: none), with the chosen department. */
  onChange?: (deptCode: string | undefined, option?: DepartOption) => void;
  /** Height of the scrolling tree in px (virtual list); the whole tree when absent. */
  height?: number;
  placeholder?: string;
}

export function DepartTree({ value, onChange, height, placeholder = '输入部门名称过滤' }: Props) {
  const options = useDepartOptions();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const all = useMemo(() => options.data ?? [], [options.data]);
  const shown = useMemo(() => filterTree(all, keyword, (n) => [n.title, n.value]), [all, keyword]);
  const filtering = keyword.trim() !== '';
  // Filtering shows every match expanded; otherwise the user's choice (first level open at first).
  const expandedKeys = filtering ? treeKeys(shown, (n) => n.key) : (expanded ?? all.map((n) => n.key));

  const onKeyword = (text: string) => {
    setKeyword(text);
    if (text.trim() === '' && value !== undefined) onChange?.(undefined);
  };

  return (
    <div className="depart-tree" data-testid="depart-tree">
      <Input allowClear placeholder={placeholder} value={keyword} onChange={(e) => onKeyword(e.target.value)} style={{ marginBottom: 8 }} data-testid="depart-tree-filter" />
      <Spin spinning={options.isFetching}>
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={options.isLoading ? '加载中…' : '暂无相关数据！'} />
        ) : (
          <Tree<DepartOption>
            blockNode
            height={height}
            treeData={shown}
            selectedKeys={value ? [value] : []}
            expandedKeys={expandedKeys}
            onExpand={(keys) => {
              if (!filtering) setExpanded(keys.map(String));
            }}
            titleRender={(n) => <span data-testid={`depart-tree-node-${n.value}`}>{highlight(n.title, keyword)}</span>}
            onSelect={(_keys, info) => {
              const option = info.selected ? findDepartOption(all, info.node.value) : undefined;
              onChange?.(option?.value, option);
            }}
          />
        )}
      </Spin>
    </div>
  );
}
