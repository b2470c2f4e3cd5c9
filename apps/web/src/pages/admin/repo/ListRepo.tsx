/**
 * /admin/exam/repo — question banks (SPEC §2 paging tables): title search, paged table (题库名称,
 * 试题数, 客观题, 主观题, 更新时间), add/edit in a 580 px dialog, delete and batch delete with
 * confirmation, and a 试题 link to the question list filtered by the bank. Buttons per permission.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Perm as P, type RepoRecord } from '@kaopei/contracts';
import { repoApi } from '../../../api/repo';
import { useAuth } from '../../../store/auth';
import { Perm } from '../../../components/Perm';
import { useDeleteAction, usePaging } from '../../../components/paging';
import { RepoFormModal } from './RepoFormModal';

export default function ListRepo() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { hasPerm } = useAuth();
  const paging = usePaging<{ title: string }>({ title: '' });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<RepoRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  const query = useQuery({
    queryKey: ['repo-paging', paging.current, paging.size, paging.params],
    queryFn: () => repoApi.paging(paging.current, paging.size, paging.params.title ? { title: paging.params.title } : {}),
    placeholderData: keepPreviousData,
  });

  const refresh = useCallback(() => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['repo-paging'] });
    void queryClient.invalidateQueries({ queryKey: ['repo-select'] });
  }, [queryClient]);
  const remove = useDeleteAction((ids) => repoApi.delete({ ids }), refresh);

  const columns: TableColumnsType<RepoRecord> = [
    { title: '题库名称', dataIndex: 'title', ellipsis: true },
    { title: '试题数', dataIndex: 'quCount', width: 90, align: 'center' },
    { title: '客观题', dataIndex: 'objCount', width: 90, align: 'center' },
    { title: '主观题', dataIndex: 'subjCount', width: 90, align: 'center' },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <Space size={0} wrap>
          <Perm code={P.QU_LIST}>
            <Button type="link" size="small" onClick={() => navigate(`/admin/exam/qu?repoId=${encodeURIComponent(r.id)}`)}>
              试题
            </Button>
          </Perm>
          <Perm code={P.REPO_UPDATE}>
            <Button
              type="link"
              size="small"
              onClick={() => {
                setEditing(r);
                setFormOpen(true);
              }}
            >
              编辑
            </Button>
          </Perm>
          <Perm code={P.REPO_DELETE}>
            <Button type="link" size="small" danger onClick={() => remove([r.id])}>
              删除
            </Button>
          </Perm>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <Form layout="inline" className="list-filter" onFinish={(v: { title?: string }) => paging.search({ title: (v.title ?? '').trim() })}>
        <Form.Item name="title">
          <Input placeholder="搜索题库名称" allowClear />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Form.Item>
      </Form>
      <Space className="list-toolbar" wrap>
        <Perm code={P.REPO_ADD}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="repo-add"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            添加
          </Button>
        </Perm>
        <Perm code={P.REPO_DELETE}>
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            批量删除
          </Button>
        </Perm>
      </Space>
      <Table<RepoRecord>
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.records ?? []}
        pagination={paging.pagination(query.data?.total)}
        rowSelection={hasPerm(P.REPO_DELETE) ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        scroll={{ x: 760 }}
      />
      <RepoFormModal open={formOpen} record={editing} onClose={() => setFormOpen(false)} onSaved={refresh} />
    </Card>
  );
}
