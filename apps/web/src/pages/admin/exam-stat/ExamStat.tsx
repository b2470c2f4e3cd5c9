/**
 * /admin/exam/stat/:examId — ExamStat (统计 of an exam's row in the exam list; issue 14
 * "Statistics"; contracts exam-stat.ts): summary cards (scored papers, average, max / min, pass
 * rate, awaiting marking), the score distribution chart (lazy echarts chunk), the department table,
 * the item table (facility, discrimination, option shares with the right option marked, average
 * time, red 偏难 / 偏易 / 区分度低 tags), 导出成绩 / 导出试题分析 (xlsx), and an empty state while no
 * paper has been scored. Figures cover the caller's data scope only.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Row, Space, Spin, Statistic, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { examStatApi, ITEM_FLAG_LABEL, type ExamStatDept, type ExamStatItem } from '@kaopei/contracts/exam-stat';
import { call, download } from '../../../api/request';
import { goBack } from '../../../utils/nav';

const ExamStatChart = lazy(() => import('./ExamStatChart'));

/** `0.8` → `80%`; null → `—`. */
const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${Math.round(x * 1000) / 10}%`);

const DEPT_COLUMNS: TableColumnsType<ExamStatDept> = [
  { title: '部门', dataIndex: 'deptName', ellipsis: true },
  { title: '试卷数', dataIndex: 'paperCount', width: 90 },
  { title: '平均分', dataIndex: 'avgScore', width: 90 },
  { title: '最高分', dataIndex: 'maxScore', width: 90 },
  { title: '最低分', dataIndex: 'minScore', width: 90 },
  { title: '及格人数', dataIndex: 'passCount', width: 90 },
  { title: '及格率', dataIndex: 'passRate', width: 90, render: (r: number) => pct(r) },
];

const ITEM_COLUMNS: TableColumnsType<ExamStatItem & { index: number }> = [
  { title: '序号', dataIndex: 'index', width: 60 },
  { title: '题型', dataIndex: 'quType_dictText', width: 80 },
  { title: '题目', dataIndex: 'content', ellipsis: { showTitle: false }, render: (c: string) => <Tooltip title={c}>{c}</Tooltip> },
  { title: '作答/答对', key: 'count', width: 100, render: (_, r) => `${r.paperCount} / ${r.rightCount}` },
  { title: '难度(答对率)', dataIndex: 'facility', width: 110, render: (f: number | null, r) => <span data-testid={`exam-stat-facility-${r.index}`}>{pct(f)}</span> },
  {
    title: '区分度', dataIndex: 'discrimination', width: 90,
    render: (d: number | null, r) => (
      <Tooltip title={`高分组 ${pct(r.upperFacility)} − 低分组 ${pct(r.lowerFacility)}`}>
        <span data-testid={`exam-stat-disc-${r.index}`}>{d === null ? '—' : d.toFixed(2)}</span>
      </Tooltip>
    ),
  },
  {
    title: '选项分布', key: 'options', width: 260,
    render: (_, r) =>
      r.options.length === 0 ? '—' : (
        <Space size={[4, 4]} wrap>
          {r.options.map((o) => (
            <Tooltip key={o.answerId} title={o.content}>
              <Tag color={o.isRight ? 'green' : undefined}>
                {o.abc}
                {o.isRight ? '✓' : ''} {pct(o.share)}
              </Tag>
            </Tooltip>
          ))}
        </Space>
      ),
  },
  { title: '平均用时', dataIndex: 'avgTimeSec', width: 90, render: (s: number | null) => (s === null ? '—' : `${s} 秒`) },
  {
    title: '标记', dataIndex: 'flags', width: 150,
    render: (flags: ExamStatItem['flags'], r) => (
      <span data-testid={`exam-stat-flags-${r.index}`}>
        {flags.map((f) => (
          <Tag color="red" key={f}>
            {ITEM_FLAG_LABEL[f]}
          </Tag>
        ))}
      </span>
    ),
  },
];

export default function ExamStat() {
  const { examId = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState<'' | 'papers' | 'items'>('');
  const summary = useQuery({ queryKey: ['exam-stat', examId], queryFn: () => call(examStatApi.summary, { id: examId }), enabled: examId !== '' });
  const items = useQuery({ queryKey: ['exam-stat-items', examId], queryFn: () => call(examStatApi.items, { id: examId }), enabled: examId !== '' });
  const s = summary.data;
  const empty = s !== undefined && s.paperCount === 0;

  const doExport = async (kind: 'papers' | 'items') => {
    setExporting(kind);
    try {
      if (kind === 'papers') await download(examStatApi.exportPapers, { id: examId }, `${s?.title ?? '考试'}-考试成绩.xlsx`);
      else await download(examStatApi.exportItems, { id: examId }, `${s?.title ?? '考试'}-试题分析.xlsx`);
      message.success('数据导出成功！');
    } catch {
      // shown by the request helper
    } finally {
      setExporting('');
    }
  };

  return (
    <Card
      className="page"
      title={`考试统计${s ? `：${s.title}` : ''}`}
      extra={
        <Space>
          <Button icon={<DownloadOutlined />} disabled={empty} loading={exporting === 'papers'} onClick={() => void doExport('papers')} data-testid="exam-stat-export-papers">
            导出成绩
          </Button>
          <Button icon={<DownloadOutlined />} disabled={empty} loading={exporting === 'items'} onClick={() => void doExport('items')} data-testid="exam-stat-export-items">
            导出试题分析
          </Button>
          <Button onClick={() => goBack(navigate, '/admin/exam/exam')}>返回</Button>
        </Space>
      }
    >
      <Spin spinning={summary.isFetching}>
        {empty ? (
          <Empty description={s.awaitingMark > 0 ? `暂无已完成的试卷（${s.awaitingMark} 份待阅卷）` : '暂无已交卷的试卷'} data-testid="exam-stat-empty" />
        ) : (
          <>
            <Row gutter={16} style={{ marginBottom: 16 }}>
              <Col xs={12} md={4}>
                <Statistic title="试卷数" value={s?.paperCount ?? 0} data-testid="exam-stat-count" />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title="平均分" value={s?.avgScore ?? 0} data-testid="exam-stat-avg" />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title="最高分 / 最低分" value={`${s?.maxScore ?? 0} / ${s?.minScore ?? 0}`} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title={`及格人数（及格线 ${s?.qualifyScore ?? 0}）`} value={s?.passCount ?? 0} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title="及格率" value={pct(s?.passRate ?? 0)} data-testid="exam-stat-pass-rate" />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title="待阅卷" value={s?.awaitingMark ?? 0} />
              </Col>
            </Row>
            <Card size="small" title={`成绩分布（满分 ${s?.totalScore ?? 0}）`} style={{ marginBottom: 16 }}>
              {s ? (
                <Suspense fallback={<Spin />}>
                  <ExamStatChart buckets={s.buckets} />
                </Suspense>
              ) : null}
            </Card>
            <Card size="small" title="各部门情况" style={{ marginBottom: 16 }}>
              <Table<ExamStatDept> rowKey="deptCode" size="small" pagination={false} columns={DEPT_COLUMNS} dataSource={s?.depts ?? []} data-testid="exam-stat-depts" />
            </Card>
            <Card size="small" title={`试题分析（高/低分组各 ${items.data?.groupSize ?? 0} 份）`}>
              <Table<ExamStatItem & { index: number }>
                rowKey="quId"
                size="small"
                loading={items.isFetching}
                columns={ITEM_COLUMNS}
                dataSource={(items.data?.items ?? []).map((it, i) => ({ ...it, index: i + 1 }))}
                scroll={{ x: 1100 }}
                pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (n) => `共 ${n} 题` }}
                data-testid="exam-stat-items"
              />
            </Card>
          </>
        )}
      </Spin>
    </Card>
  );
}
