/**
 * /web/paper/list/:examId/:userId — exam records: every paper of one learner in one exam
 * (/api/paper/paper/paging with params {examId, userId}, server paging). A learner opens his own;
 * another's needs paper:list within the data scope (the server answers 10010004 otherwise, shown by
 * the request helper). Rows: 开始时间, 交卷时间, 用时, 得分, 结果, 状态; 查看 → the result page. The
 * learner's own list links to the exam's wrong book.
 */
import { useMemo, type HTMLAttributes } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Space, Tag, type TableColumnsType } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { PaperState, PASSED_LABEL } from '@kaopei/contracts';
import { paperApi, type PaperRecord } from '@kaopei/contracts/paper';
import { call } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';
import { useAuth } from '../../../store/auth';
import { formatDuration } from '../../../utils/format';

export default function PaperList() {
  const { examId = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const own = user?.userId === userId;
  const params = useMemo(() => ({ examId, userId }), [examId, userId]);
  const list = usePagedList<typeof params, PaperRecord>('paper-list', (current, size, p) => call(paperApi.paging, { current, size, params: p }), params);
  const title = list.query.data?.records[0]?.title;

  const columns: TableColumnsType<PaperRecord> = [
    { title: '开始时间', dataIndex: 'createTime', width: 170 },
    { title: '交卷时间', dataIndex: 'handTime', width: 170, render: (v: string | null) => v ?? '-' },
    { title: '用时', dataIndex: 'userTime', width: 110, render: (v: number, r) => (r.state === PaperState.IN_EXAM ? '-' : formatDuration(v)) },
    { title: '得分', dataIndex: 'userScore', width: 80, render: (v: number | null) => v ?? '-' },
    {
      title: '结果',
      key: 'passed',
      width: 90,
      render: (_, r) => (r.passed === null ? <Tag color="orange">{r.state_dictText}</Tag> : <Tag color={r.passed ? 'success' : 'error'}>{PASSED_LABEL[r.passed ? 1 : 0]}</Tag>),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      fixed: 'right',
      render: (_, r) =>
        own && r.state !== PaperState.IN_EXAM ? (
          <Button type="link" size="small" onClick={() => navigate(`/web/exam/result/${encodeURIComponent(r.id)}/paper`)} data-testid={`record-view-${r.id}`}>
            查看
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="web-page">
      <div className="web-page-head">
        <Space wrap>
          <Button icon={<LeftOutlined />} onClick={() => navigate(-1)}>
            返回
          </Button>
          <h2 style={{ margin: 0 }}>考试记录{title ? `：${title}` : ''}</h2>
          {own ? (
            <Button type="link" onClick={() => navigate(`/web/book/list/${encodeURIComponent(examId)}`)} data-testid="record-book">
              错题本
            </Button>
          ) : null}
        </Space>
      </div>
      <Card>
        <PagedTable<PaperRecord> list={list} columns={columns} onRow={(r) => ({ 'data-testid': `record-row-${r.id}` }) as HTMLAttributes<HTMLElement>} scroll={{ x: 710 }} />
      </Card>
    </div>
  );
}
