/**
 * /admin/sys/dic — 数据字典 (SPEC §2 dictionary category tree, §3 dictionary nodes, §7
 * /api/sys/dic/*): the category tree on the left, with a keyword filter (name or code) and
 * add / edit / delete of the chosen dictionary; the entries of the chosen dictionary on the right
 * (DicValuePane). Buttons per permission (sys:dic:*); deletions ask '确实要删除吗?'.
 */
import { useEffect, useMemo, useState } from 'react';
import { Card, Col, Empty, Input, Row, Space, Spin, Tree, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dicApi, DicPerm, type DicNode } from '@kaopei/contracts/sys-dic';
import { call } from '../../../../api/request';
import { PermButton } from '../../../../components/Perm';
import { useDeleteAction } from '../../../../components/paging';
import { invalidateDict } from '../../../../components/useDict';
import { DicFormModal } from './DicFormModal';
import { DicValuePane } from './DicValuePane';
import { filterTree, findNode } from './dic-tree';

const DIC_TREE_KEY = 'dic-tree';

interface TreeItem {
  key: string;
  title: string;
  code: string;
  children?: TreeItem[];
}

const toTreeItems = (nodes: readonly DicNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.id, title: n.title, code: n.dicCode, ...(n.children?.length ? { children: toTreeItems(n.children) } : {}) }));

export default function ListDic() {
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: [DIC_TREE_KEY], queryFn: () => call(dicApi.tree, {}) });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const [keyword, setKeyword] = useState('');
  const [selectedId, setSelectedId] = useState<string>();
  const [form, setForm] = useState<{ open: boolean; record: DicNode | null }>({ open: false, record: null });
  const selected = findNode(nodes, selectedId);

  // The first dictionary is chosen until the administrator picks one (or after the chosen one is deleted).
  useEffect(() => {
    if (tree.data && !findNode(tree.data, selectedId)) setSelectedId(tree.data[0]?.id);
  }, [tree.data, selectedId]);

  const shown = useMemo(() => toTreeItems(filterTree(nodes, keyword, (n) => [n.dicCode])), [nodes, keyword]);
  /** Reloads the tree; resolves once the new tree is in. */
  const reload = () => queryClient.invalidateQueries({ queryKey: [DIC_TREE_KEY] });
  const remove = useDeleteAction(
    async (ids) => {
      await call(dicApi.delete, { ids });
      if (selected) void invalidateDict(queryClient, selected.dicCode);
    },
    () => void reload(),
  );

  return (
    <Card className="page">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={9} lg={7} xl={6}>
          <Card size="small" title="字典分类" data-testid="dic-tree-pane">
            <Input.Search placeholder="输入名称或编码过滤" allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 8 }} data-testid="dic-filter" />
            <Space wrap style={{ marginBottom: 8 }}>
              <PermButton code={DicPerm.ADD} type="primary" size="small" icon={<PlusOutlined />} onClick={() => setForm({ open: true, record: null })} data-testid="dic-add">
                添加
              </PermButton>
              <PermButton code={DicPerm.UPDATE} size="small" icon={<EditOutlined />} disabled={!selected} onClick={() => setForm({ open: true, record: selected ?? null })} data-testid="dic-edit">
                编辑
              </PermButton>
              <PermButton code={DicPerm.DELETE} size="small" danger icon={<DeleteOutlined />} disabled={!selected} onClick={() => remove(selected ? [selected.id] : [])} data-testid="dic-delete">
                删除
              </PermButton>
            </Space>
            {tree.isLoading ? (
              <div className="page-loading">
                <Spin />
              </div>
            ) : shown.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无相关数据！" />
            ) : (
              <Tree<TreeItem>
                key={keyword.trim()}
                blockNode
                defaultExpandAll
                treeData={shown}
                selectedKeys={selectedId ? [selectedId] : []}
                onSelect={(keys) => {
                  if (keys[0] !== undefined) setSelectedId(String(keys[0]));
                }}
                titleRender={(n) => (
                  <span data-testid={`dic-node-${n.code}`}>
                    {n.title} <Typography.Text type="secondary">{n.code}</Typography.Text>
                  </span>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} md={15} lg={17} xl={18}>
          {selected ? <DicValuePane key={selected.id} dic={selected} /> : <Empty description={tree.isLoading ? '加载中…' : '请在左侧选择字典'} />}
        </Col>
      </Row>
      <DicFormModal
        open={form.open}
        record={form.record}
        tree={nodes}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={async (id) => {
          await reload();
          if (!form.record) setKeyword(''); // a new dictionary shows even when the filter would hide it
          setSelectedId(id);
        }}
      />
    </Card>
  );
}
