/**
 * /admin/exam/qu — questions (SPEC §2 paging tables): filters bank (also from `?repoId=`), type,
 * level, content; columns 题目类型 / 题目内容 (text excerpt) / 所属题库 / 难度 / 更新时间; add and
 * edit open the QuForm pages; delete and batch delete with confirmation; 导入 opens the import
 * dialog. Buttons per permission code.
 */
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, ImportOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Perm as P, QU_LEVEL_LABEL, QU_TYPE_LABEL, type QuRecord } from '@kaopei/contracts';
import { quApi, type QuPagingParams } from '../../../api/qu';
import { useAuth } from '../../../store/auth';
import { Perm } from '../../../components/Perm';
import { RepoSelect } from '../../../components/RepoSelect';
import { useDeleteAction, usePaging } from '../../../components/paging';
import { htmlToText } from '../../../utils/html';
import { ImportDialog } from './ImportDialog';

export const QU_TYPE_OPTIONS = Object.entries(QU_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }));
export const QU_LEVEL_OPTIONS = Object.entries(QU_LEVEL_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'purple', 3: 'cyan', 4: 'orange' };

export default function QuList() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { hasPerm } = useAuth();
  const [searchParams] = useSearchParams();
  const initialRepo = searchParams.get('repoId') ?? undefined;
  const paging = usePaging<QuPagingParams>({ repoId: initialRepo });
  const [form] = Form.useForm<QuPagingParams>();
  const [selected, setSelected] = useState<string[]>([]);
  const [importOpen, setImportOpen] = useState(false);

  const query = useQuery({
    queryKey: ['qu-paging', paging.current, paging.size, paging.params],
    queryFn: () => quApi.paging(paging.current, paging.size, paging.params),
    placeholderData: keepPreviousData,
  });

  const refresh = useCallback(() => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['qu-paging'] });
    void queryClient.invalidateQueries({ queryKey: ['repo-select'] });
    void queryClient.invalidateQueries({ queryKey: ['repo-paging'] });
  }, [queryClient]);
  const remove = useDeleteAction((ids) => quApi.delete({ ids }), refresh);

  const onSearch = (v: QuPagingParams) => {
    const content = v.content?.trim();
    paging.search({
      ...(v.repoId ? { repoId: v.repoId } : {}),
      ...(v.quType ? { quType: v.quType } : {}),
      ...(v.level ? { level: v.level } : {}),
      ...(content ? { content } : {}),
    });
  };

  const columns: TableColumnsType<QuRecord> = [
    {
      title: '题目类型',
      dataIndex: 'quType',
      width: 100,
      render: (t: number, r) => <Tag color={TYPE_COLORS[t]}>{r.quType_dictText || QU_TYPE_LABEL[t]}</Tag>,
    },
    { title: '题目内容', dataIndex: 'content', ellipsis: true, render: (c: string) => htmlToText(c, 120) },
    { title: '所属题库', dataIndex: 'repoId_dictText', width: 180, ellipsis: true },
    { title: '难度', dataIndex: 'level', width: 80, render: (l: number, r) => r.level_dictText || QU_LEVEL_LABEL[l] },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <Perm code={P.QU_UPDATE}>
            <Button type="link" size="small" onClick={() => navigate(`/admin/exam/qu/update/${encodeURIComponent(r.id)}`)}>
              编辑
            </Button>
          </Perm>
          <Perm code={P.QU_DELETE}>
            <Button type="link" size="small" danger onClick={() => remove([r.id])}>
              删除
            </Button>
          </Perm>
        </Space>
      ),
    },
  ];

  const addUrl = paging.params.repoId ? `/admin/exam/qu/add?repoId=${encodeURIComponent(paging.params.repoId)}` : '/admin/exam/qu/add';

  return (
    <Card className="page">
      <Form form={form} layout="inline" className="list-filter" initialValues={{ repoId: initialRepo }} onFinish={onSearch}>
        <Form.Item name="repoId">
          <RepoSelect allowClear placeholder="所属题库" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="quType">
          <Select allowClear placeholder="题目类型" options={QU_TYPE_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="level">
          <Select allowClear placeholder="难度" options={QU_LEVEL_OPTIONS} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="content">
          <Input allowClear placeholder="题目内容" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Form.Item>
      </Form>
      <Space className="list-toolbar" wrap>
        <Perm code={P.QU_ADD}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(addUrl)} data-testid="qu-add">
            添加
          </Button>
        </Perm>
        <Perm code={P.QU_DELETE}>
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            批量删除
          </Button>
        </Perm>
        <Perm code={P.QU_IMPORT}>
          <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)} data-testid="import-open">
            导入
          </Button>
        </Perm>
      </Space>
      <Table<QuRecord>
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.records ?? []}
        pagination={paging.pagination(query.data?.total)}
        rowSelection={hasPerm(P.QU_DELETE) ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        scroll={{ x: 860 }}
      />
      <ImportDialog open={importOpen} defaultRepoId={paging.params.repoId} onClose={() => setImportOpen(false)} onImported={refresh} />
    </Card>
  );
}
