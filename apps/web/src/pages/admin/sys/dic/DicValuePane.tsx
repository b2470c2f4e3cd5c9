/**
 * The entries of one dictionary (SPEC §3 "Dictionary value tree node", §7 /api/sys/dic/value/*):
 * a tree table (名称, 值, 排序, 操作) with add (top level or below an entry), edit, delete and batch
 * delete with confirmation; deleting an entry deletes the entries below it. A change drops the
 * dictionary's cached copy (useDict) so selects show it at once.
 */
import { useEffect, useState } from 'react';
import { Card, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dicApi, DicPerm, type DicNode, type DicValueNode } from '@kaopei/contracts/sys-dic';
import { call } from '../../../../api/request';
import { useAuth } from '../../../../store/auth';
import { PermButton, RowAction } from '../../../../components/Perm';
import { BatchDeleteButton, ListToolbar } from '../../../../components/PagedTable';
import { useDeleteAction } from '../../../../components/paging';
import { invalidateDict } from '../../../../components/useDict';
import { DicValueFormModal } from './DicValueFormModal';
import { allIds } from './dic-tree';

const VALUES_KEY = 'dic-values';

interface FormState {
  open: boolean;
  record: DicValueNode | null;
  parentId: string;
}

/** The entries pane of `dic`; render it with `key={dic.id}` so that its state starts over for another dictionary. */
export function DicValuePane({ dic }: { dic: DicNode }) {
  const { hasPerm } = useAuth();
  const queryClient = useQueryClient();
  const values = useQuery({ queryKey: [VALUES_KEY, dic.dicCode], queryFn: () => call(dicApi.valueTree, { dicCode: dic.dicCode }) });
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [form, setForm] = useState<FormState>({ open: false, record: null, parentId: '' });

  // Every entry is shown expanded after each load.
  useEffect(() => setExpanded(allIds(values.data ?? [])), [values.data]);

  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: [VALUES_KEY, dic.dicCode] });
    void invalidateDict(queryClient, dic.dicCode);
  };
  const remove = useDeleteAction((ids) => call(dicApi.valueDelete, { ids }), refresh);

  const columns: TableColumnsType<DicValueNode> = [
    { title: '字典项名称', dataIndex: 'title', ellipsis: true },
    { title: '字典项值', dataIndex: 'value', width: 160, ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 80, align: 'center' },
    {
      title: '操作',
      key: 'op',
      width: 210,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={DicPerm.ADD} onClick={() => setForm({ open: true, record: null, parentId: r.id })} data-testid={`dic-value-add-${r.value}`}>
            添加下级
          </RowAction>
          <RowAction code={DicPerm.UPDATE} onClick={() => setForm({ open: true, record: r, parentId: r.parentId })} data-testid={`dic-value-edit-${r.value}`}>
            编辑
          </RowAction>
          <RowAction code={DicPerm.DELETE} danger onClick={() => remove([r.id])} data-testid={`dic-value-delete-${r.value}`}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={
        <span>
          {dic.title} <Typography.Text type="secondary">{dic.dicCode}</Typography.Text>
        </span>
      }
      data-testid="dic-value-pane"
    >
      {dic.remark ? <Typography.Paragraph type="secondary">{dic.remark}</Typography.Paragraph> : null}
      <ListToolbar>
        <PermButton code={DicPerm.ADD} type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, record: null, parentId: '' })} data-testid="dic-value-add">
          添加
        </PermButton>
        <BatchDeleteButton code={DicPerm.DELETE} onClick={() => remove(selected)} />
      </ListToolbar>
      <Table<DicValueNode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={values.data ?? []}
        loading={values.isFetching}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
        rowSelection={hasPerm(DicPerm.DELETE) ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), checkStrictly: true } : undefined}
        scroll={{ x: 600 }}
      />
      <DicValueFormModal
        open={form.open}
        dicCode={dic.dicCode}
        record={form.record}
        parentId={form.parentId}
        tree={values.data ?? []}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={refresh}
      />
    </Card>
  );
}
