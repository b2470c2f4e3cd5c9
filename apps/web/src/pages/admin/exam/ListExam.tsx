/**
 * /admin/exam/exam — exams (SPEC §2 paging tables): title search, paged table with a state tag,
 * enable/disable (/api/exam/exam/state: 0 normal, 1 disabled; '状态修改成功!'), edit → ExamForm,
 * delete and batch delete with confirmation. Buttons per permission code.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { COMMON_STATE_LABEL, Perm as P, type ExamRecord } from '@kaopei/contracts';
import { examApi } from '../../../api/exam';
import { useAuth } from '../../../store/auth';
import { Perm } from '../../../components/Perm';
import { SELECT_ONE, useDeleteAction, usePaging } from '../../../components/paging';
import { formatWindow } from '../../../utils/format';

export default function ListExam() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { hasPerm } = useAuth();
  const paging = usePaging<{ title: string }>({ title: '' });
  const [selected, setSelected] = useState<string[]>([]);

  const query = useQuery({
    queryKey: ['exam-paging', paging.current, paging.size, paging.params],
    queryFn: () => examApi.paging(paging.current, paging.size, paging.params.title ? { title: paging.params.title } : {}),
    placeholderData: keepPreviousData,
  });

  const refresh = useCallback(() => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['exam-paging'] });
  }, [queryClient]);
  const remove = useDeleteAction((ids) => examApi.delete({ ids }), refresh);

  const changeState = async (ids: string[], state: number) => {
    if (ids.length === 0) {
      message.warning(SELECT_ONE);
      return;
    }
    try {
      await examApi.state({ ids, state });
      message.success('状态修改成功!');
      refresh();
    } catch {
      // shown by the request helper
    }
  };

  const columns: TableColumnsType<ExamRecord> = [
    { title: '考试名称', dataIndex: 'title', ellipsis: true },
    { title: '考试时长', dataIndex: 'totalTime', width: 100, render: (t: number) => `${t} 分钟` },
    { title: '总分', dataIndex: 'totalScore', width: 70 },
    { title: '及格分', dataIndex: 'qualifyScore', width: 80 },
    { title: '考试次数', dataIndex: 'chance', width: 90, render: (c: number) => (c === 0 ? '不限' : c) },
    { title: '考试时间', key: 'window', width: 220, render: (_, r) => formatWindow(r.startTime, r.endTime) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (s: number, r) => <Tag color={s === 0 ? 'green' : 'default'}>{r.state_dictText || COMMON_STATE_LABEL[s]}</Tag>,
    },
    {
      title: '操作',
      key: 'op',
      width: 180,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Perm code={P.EXAM_UPDATE}>
            <Button type="link" size="small" onClick={() => navigate(`/admin/exam/exam/update/${encodeURIComponent(r.id)}`)}>
              编辑
            </Button>
          </Perm>
          <Perm code={P.EXAM_STATE}>
            <Button type="link" size="small" onClick={() => changeState([r.id], r.state === 0 ? 1 : 0)} data-testid={`exam-state-${r.id}`}>
              {r.state === 0 ? '禁用' : '启用'}
            </Button>
          </Perm>
          <Perm code={P.EXAM_DELETE}>
            <Button type="link" size="small" danger onClick={() => remove([r.id])}>
              删除
            </Button>
          </Perm>
        </Space>
      ),
    },
  ];

  const selectable = hasPerm([P.EXAM_DELETE, P.EXAM_STATE]);

  return (
    <Card className="page">
      <Form layout="inline" className="list-filter" onFinish={(v: { title?: string }) => paging.search({ title: (v.title ?? '').trim() })}>
        <Form.Item name="title">
          <Input placeholder="搜索考试名称" allowClear />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Form.Item>
      </Form>
      <Space className="list-toolbar" wrap>
        <Perm code={P.EXAM_ADD}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/exam/exam/add')} data-testid="exam-add">
            添加
          </Button>
        </Perm>
        <Perm code={P.EXAM_STATE}>
          <Button onClick={() => changeState(selected, 0)}>批量启用</Button>
        </Perm>
        <Perm code={P.EXAM_STATE}>
          <Button onClick={() => changeState(selected, 1)}>批量禁用</Button>
        </Perm>
        <Perm code={P.EXAM_DELETE}>
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            批量删除
          </Button>
        </Perm>
      </Space>
      <Table<ExamRecord>
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.records ?? []}
        pagination={paging.pagination(query.data?.total)}
        rowSelection={selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
