/**
 * /web/paper — my scores (/api/paper/paper/paging): paged table 考试名称, 得分, 及格分, 总分, 结果,
 * 交卷时间, 用时; 查看 → /web/exam/result/:id/paper; papers still in progress show 继续考试 →
 * /web/exam/start/:id; 记录 → the exam records /web/paper/list/:examId/:userId and 错题 → the
 * exam's wrong book /web/book/list/:examId. On narrow screens the table scrolls horizontally.
 */
import type { HTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Tag, type TableColumnsType } from 'antd';
import { PaperState, PASSED_LABEL } from '@kaopei/contracts';
import { paperApi, type PaperRecord } from '@kaopei/contracts/paper';
import { call } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';
import { useAuth } from '../../../store/auth';
import { formatDuration } from '../../../utils/format';

const NO_FILTER = {};

export default function MyPaper() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const list = usePagedList<Record<string, never>, PaperRecord>('my-paper', (current, size) => call(paperApi.paging, { current, size, params: {} }), NO_FILTER);

  const inExam = (r: PaperRecord) => r.state === PaperState.IN_EXAM;
  const columns: TableColumnsType<PaperRecord> = [
    { title: '考试名称', dataIndex: 'title', ellipsis: true, width: 220 },
    { title: '得分', dataIndex: 'userScore', width: 70, render: (v: number | null, r) => (inExam(r) || v === null ? '-' : v) },
    { title: '及格分', dataIndex: 'qualifyScore', width: 80 },
    { title: '总分', dataIndex: 'totalScore', width: 70 },
    {
      title: '结果',
      key: 'passed',
      width: 90,
      render: (_, r) =>
        inExam(r) || r.passed === null ? <Tag color="orange">{r.state_dictText || '考试中'}</Tag> : <Tag color={r.passed ? 'success' : 'error'}>{PASSED_LABEL[r.passed ? 1 : 0]}</Tag>,
    },
    { title: '交卷时间', dataIndex: 'handTime', width: 170, render: (v: string | null) => v ?? '-' },
    { title: '用时', dataIndex: 'userTime', width: 110, render: (v: number, r) => (inExam(r) ? '-' : formatDuration(v)) },
    {
      title: '操作',
      key: 'op',
      width: 190,
      fixed: 'right',
      render: (_, r) => (
        <>
          {inExam(r) ? (
            <Button type="link" size="small" onClick={() => navigate(`/web/exam/start/${encodeURIComponent(r.id)}`)} data-testid={`paper-resume-${r.id}`}>
              继续考试
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => navigate(`/web/exam/result/${encodeURIComponent(r.id)}/paper`)} data-testid={`paper-view-${r.id}`}>
              查看
            </Button>
          )}
          <Button type="link" size="small" onClick={() => navigate(`/web/paper/list/${encodeURIComponent(r.examId)}/${encodeURIComponent(user?.userId ?? '')}`)} data-testid={`paper-records-${r.id}`}>
            记录
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`/web/book/list/${encodeURIComponent(r.examId)}`)} data-testid={`paper-book-${r.id}`}>
            错题
          </Button>
        </>
      ),
    },
  ];

  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>我的成绩</h2>
      </div>
      <Card>
        <PagedTable<PaperRecord>
          list={list}
          columns={columns}
          onRow={(r) => ({ 'data-testid': `paper-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
          scroll={{ x: 900 }}
        />
      </Card>
    </div>
  );
}
