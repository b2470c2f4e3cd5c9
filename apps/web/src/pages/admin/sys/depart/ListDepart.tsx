/**
 * /admin/sys/depart — 部门管理 (SPEC §2 "department tree with filter", §3 Department node, §7
 * /api/sys/depart/*): the whole department tree with a name/code filter; each department shows its
 * code and, when set, 允许下级部门, with 添加下级 / 编辑 / 删除 (confirmation '确实要删除吗?'); 添加顶级部门
 * above; drag a department before or after a sibling to reorder (sys:depart:update, not while
 * filtering). Buttons per permission (sys:depart:*). Saving, sorting and deleting refresh this tree
 * and every department picker (DEPART_OPTIONS_KEY).
 */
import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { App, Button, Card, Empty, Input, Space, Spin, Tag, Tree, Typography, type TreeProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { departApi, DepartPerm, type DepartNode } from '@kaopei/contracts/sys-depart';
import { call } from '../../../../api/request';
import { useAuth } from '../../../../store/auth';
import { PermButton, RowAction } from '../../../../components/Perm';
import { ListToolbar } from '../../../../components/PagedTable';
import { useDeleteAction } from '../../../../components/paging';
import { filterTree, highlight, treeKeys } from '../../../../components/DepartTree';
import { DEPART_OPTIONS_KEY } from '../../../../components/DepartSelect';
import { DepartFormModal, type DepartFormTarget } from './DepartFormModal';
import { canDrop, relativeDrop, sortTarget } from './depart-drag';

/** Query key of the admin tree. */
const DEPART_TREE_KEY = 'depart-tree';

/** A department as a node of the antd Tree (key = id). */
interface Node extends Omit<DepartNode, 'children'> {
  key: string;
  isLeaf: boolean;
  children: Node[];
}
const toNodes = (list: readonly DepartNode[]): Node[] => list.map((n) => ({ ...n, key: n.id, isLeaf: n.children.length === 0, children: toNodes(n.children) }));

/** Ids of the children of `parentId` ('' = roots) in `nodes`, in display order. */
function siblingIds(nodes: readonly Node[], parentId: string): string[] {
  if (!parentId) return nodes.map((n) => n.id);
  for (const n of nodes) {
    if (n.id === parentId) return n.children.map((c) => c.id);
    const found = siblingIds(n.children, parentId);
    if (found.length) return found;
  }
  return [];
}

export default function ListDepart() {
  const { hasPerm } = useAuth();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: [DEPART_TREE_KEY], queryFn: () => call(departApi.tree, {}) });
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [target, setTarget] = useState<DepartFormTarget | null>(null);
  const [sorting, setSorting] = useState(false);

  const all = useMemo(() => toNodes(tree.data ?? []), [tree.data]);
  const filtering = keyword.trim() !== '';
  const shown = useMemo(() => filterTree(all, keyword, (n) => [n.deptName, n.deptCode]), [all, keyword]);
  const expandedKeys = filtering ? treeKeys(shown, (n) => n.id) : (expanded ?? all.map((n) => n.id));
  const canDrag = hasPerm(DepartPerm.UPDATE) && !filtering && !sorting;

  const refresh = useCallback(() => {
    for (const key of [DEPART_TREE_KEY, DEPART_OPTIONS_KEY, 'depart-detail']) void queryClient.invalidateQueries({ queryKey: [key] });
  }, [queryClient]);
  const remove = useDeleteAction((ids) => call(departApi.delete, { ids }), refresh);

  const allowDrop: TreeProps<Node>['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => canDrop(dragNode, dropNode, dropPosition);

  const onDrop: TreeProps<Node>['onDrop'] = (info) => {
    const drag = info.dragNode;
    const sort = sortTarget(siblingIds(all, drag.parentId), drag, info.node, relativeDrop(info.node.pos, info.dropPosition));
    if (sort === undefined) return;
    setSorting(true);
    call(departApi.sort, { id: drag.id, sort })
      .then(() => {
        message.success('操作成功！');
        refresh();
      })
      .catch(() => undefined) // shown by the request helper
      .finally(() => setSorting(false));
  };

  const stop = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };

  const titleRender = (n: Node) => (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }} data-testid={`depart-node-${n.id}`}>
      <Space size={6} wrap>
        <span>{highlight(n.deptName, keyword)}</span>
        <Tag>{highlight(n.deptCode, keyword)}</Tag>
        {n.sfyxjbm === 1 && <Tag color="blue">允许下级部门</Tag>}
      </Space>
      <Space size={0} wrap>
        <RowAction code={DepartPerm.ADD} onClick={stop(() => setTarget({ kind: 'add', parent: n }))} data-testid={`depart-add-child-${n.id}`}>
          添加下级
        </RowAction>
        <RowAction code={DepartPerm.UPDATE} onClick={stop(() => setTarget({ kind: 'edit', id: n.id }))} data-testid={`depart-edit-${n.id}`}>
          编辑
        </RowAction>
        <RowAction code={DepartPerm.DELETE} danger onClick={stop(() => remove([n.id]))} data-testid={`depart-delete-${n.id}`}>
          删除
        </RowAction>
      </Space>
    </div>
  );

  return (
    <Card className="page">
      <ListToolbar>
        <Input allowClear placeholder="输入部门名称或编码过滤" value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ width: 240 }} data-testid="depart-filter" />
        <PermButton code={DepartPerm.ADD} type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ kind: 'add', parent: null })} data-testid="depart-add">
          添加顶级部门
        </PermButton>
        <Button onClick={() => setExpanded(treeKeys(all, (n) => n.id))} disabled={filtering}>
          展开全部
        </Button>
        <Button onClick={() => setExpanded([])} disabled={filtering}>
          收起全部
        </Button>
      </ListToolbar>
      {hasPerm(DepartPerm.UPDATE) && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {filtering ? '过滤时不能拖动排序，清空过滤条件后可拖动部门调整同级顺序。' : '拖动部门到同级部门的上方或下方可调整顺序。'}
        </Typography.Paragraph>
      )}
      <Spin spinning={tree.isFetching || sorting} data-testid="depart-tree-admin">
        {shown.length === 0 ? (
          <Empty description={tree.isLoading ? '加载中…' : '暂无相关数据！'} />
        ) : (
          <Tree<Node>
            blockNode
            selectable={false}
            treeData={shown}
            expandedKeys={expandedKeys}
            onExpand={(keys) => {
              if (!filtering) setExpanded(keys.map(String));
            }}
            draggable={canDrag ? { icon: false } : false}
            allowDrop={allowDrop}
            onDrop={onDrop}
            titleRender={titleRender}
          />
        )}
      </Spin>
      <DepartFormModal target={target} onClose={() => setTarget(null)} onSaved={refresh} />
    </Card>
  );
}
