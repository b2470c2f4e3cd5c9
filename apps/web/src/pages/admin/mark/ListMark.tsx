/**
 * /admin/exam/mark — papers awaiting marking (issue 8 "Marking"; /api/paper/mark/paging, permission
 * paper:mark, the caller's data scope): filter by exam title (and `?examId=` from a link), paged
 * table (考试名称, 考生 ('匿名' in a double-blind exam), 交卷时间, 客观题得分, 总分, 评阅方式, 我的步骤) and
 * 阅卷 per row (`mark-open-{id}`, → /admin/exam/mark/paper/:id); a row whose next step is not the
 * caller's shows 等待他人评阅 instead.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { Card, Form, Input, Tag, type TableColumnsType } from 'antd';
import { markApi, MarkMode, MarkStep, PaperPerm, type MarkRecord } from '@kaopei/contracts/paper-mark';
import { call } from '../../../api/request';
import { RowAction } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';

interface Filters {
  title?: string;
  examId?: string;
}

export default function ListMark() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const examId = search.get('examId') ?? undefined;
  const list = usePagedList<Filters, MarkRecord>('mark-paging', (current, size, params) => call(markApi.paging, { current, size, params }), examId ? { examId } : {});

  const columns: TableColumnsType<MarkRecord> = [
    { title: '考试名称', dataIndex: 'title', ellipsis: true },
    { title: '考生', dataIndex: 'userName', width: 120 },
    { title: '交卷时间', dataIndex: 'handTime', width: 180, render: (v: string | null) => v ?? '-' },
    { title: '客观题得分', dataIndex: 'objScore', width: 110, align: 'center' },
    { title: '总分', dataIndex: 'totalScore', width: 80, align: 'center' },
    { title: '评阅方式', dataIndex: 'markMode', width: 100, render: (v: number) => (v === MarkMode.DOUBLE_BLIND ? <Tag color="purple">双评</Tag> : <Tag>单评</Tag>) },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_, r) =>
        r.markStep === MarkStep.NONE ? (
          <Tag>{r.markStep_dictText}</Tag>
        ) : (
          <RowAction code={PaperPerm.MARK} onClick={() => navigate(`/admin/exam/mark/paper/${encodeURIComponent(r.id)}`)} data-testid={`mark-open-${r.id}`}>
            {r.markStep_dictText}
          </RowAction>
        ),
    },
  ];

  return (
    <Card className="page">
      <SearchBar<Filters> onSearch={(v) => list.paging.search({ ...(examId ? { examId } : {}), ...(v.title?.trim() ? { title: v.title.trim() } : {}) })}>
        <Form.Item name="title">
          <Input placeholder="搜索考试名称" allowClear data-testid="mark-search-title" />
        </Form.Item>
      </SearchBar>
      <PagedTable<MarkRecord> list={list} columns={columns} scroll={{ x: 900 }} />
    </Card>
  );
}
