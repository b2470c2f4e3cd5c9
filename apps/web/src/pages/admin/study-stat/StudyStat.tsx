/**
 * /admin/stat/study — 学习统计 (issue 14 "Statistics": per course and per class, progress and
 * completion by department; per department, who has not finished what). Pick a department subtree
 * (the tree on the left; none: the caller's whole data scope) and a target (a course, a class or an
 * exam); the by-department table (courses and classes) with its xlsx export, then the paged list of
 * people who have not finished with 提醒 (one), 提醒所选 and 全部提醒 (confirmed; more than 200
 * people go as a background job whose progress is shown). Each confirmed reminder carries a fresh
 * requestId, so a double click sends once.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Input, Progress, Radio, Row, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined, NotificationOutlined } from '@ant-design/icons';
import { courseApi } from '@kaopei/contracts/course';
import { examApi } from '@kaopei/contracts/exam';
import { trainClassApi } from '@kaopei/contracts/train-class';
import {
  StudyStatPerm,
  studyStatApi,
  type StudyClassDeptRow,
  type StudyCourseDeptRow,
  type UnfinishedRecord,
} from '@kaopei/contracts/study-stat';
import { call, download } from '../../../api/request';
import { DepartTree } from '../../../components/DepartTree';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { PermButton, usePerm } from '../../../components/Perm';
import { TitleSelect } from '../../../components/TitleSelect';
import { usePagedList } from '../../../components/paging';
import { useJob } from '../../../components/useJob';
import { formatDuration } from '../../../utils/format';

type Kind = 'course' | 'class' | 'exam';
const KIND_OPTIONS = [
  { value: 'course', label: '课程' },
  { value: 'class', label: '培训班' },
  { value: 'exam', label: '考试' },
];

/** Rows of the by-department table nested under their parents (antd tree data). */
type Nested<R> = R & { children?: Nested<R>[] };
function nest<R extends { deptCode: string; parentCode: string }>(rows: readonly R[]): Nested<R>[] {
  const byCode = new Map<string, Nested<R>>(rows.map((r) => [r.deptCode, { ...r }]));
  const top: Nested<R>[] = [];
  for (const r of byCode.values()) {
    const parent = r.parentCode ? byCode.get(r.parentCode) : undefined;
    if (parent) (parent.children ??= []).push(r);
    else top.push(r);
  }
  return top;
}

const COURSE_COLUMNS: TableColumnsType<StudyCourseDeptRow> = [
  { title: '部门', dataIndex: 'deptName' },
  { title: '开放人数', dataIndex: 'openCount', width: 100 },
  { title: '已学人数', dataIndex: 'startedCount', width: 100 },
  { title: '完成人数', dataIndex: 'finishedCount', width: 100 },
  { title: '完成率', dataIndex: 'finishRate', width: 160, render: (p: number) => <Progress percent={p} size="small" /> },
  { title: '平均学习时长', dataIndex: 'avgLearnSec', width: 130, render: (s: number) => formatDuration(s) },
];
const CLASS_COLUMNS: TableColumnsType<StudyClassDeptRow> = [
  { title: '部门', dataIndex: 'deptName' },
  { title: '报名人数', dataIndex: 'enrolledCount', width: 100 },
  { title: '结业人数', dataIndex: 'finishedCount', width: 100 },
  { title: '结业率', dataIndex: 'finishRate', width: 160, render: (p: number) => <Progress percent={p} size="small" /> },
];

const STATE_COLOR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'orange', 3: 'gold', 4: 'red' };

function TargetSelect({ kind, value, onChange }: { kind: Kind; value?: string; onChange: (id: string | undefined) => void }) {
  const fetch = (keyword: string) => {
    const params = keyword ? { title: keyword } : {};
    if (kind === 'course') return call(courseApi.paging, { current: 1, size: 100, params });
    if (kind === 'class') return call(trainClassApi.list, { current: 1, size: 100, params });
    return call(examApi.paging, { current: 1, size: 100, params });
  };
  return (
    <TitleSelect
      key={kind}
      queryKey={`study-stat-target-${kind}`}
      placeholder={`请选择${KIND_OPTIONS.find((o) => o.value === kind)?.label ?? ''}`}
      style={{ width: 320 }}
      allowClear
      value={value}
      onChange={(v) => onChange(v || undefined)}
      fetch={fetch}
      testIdPrefix="study-target-option"
      data-testid="study-target"
    />
  );
}

/** The by-department table of a course or class, with its export. */
function DeptTable({ kind, targetId, deptCode }: { kind: 'course' | 'class'; targetId: string; deptCode?: string }) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const dept = deptCode ? { deptCode } : {};
  const course = useQuery({ queryKey: ['study-stat-course', targetId, deptCode], queryFn: () => call(studyStatApi.course, { courseId: targetId, ...dept }), enabled: kind === 'course' });
  const cls = useQuery({ queryKey: ['study-stat-class', targetId, deptCode], queryFn: () => call(studyStatApi.trainClass, { classId: targetId, ...dept }), enabled: kind === 'class' });
  const doExport = async () => {
    setExporting(true);
    try {
      if (kind === 'course') await download(studyStatApi.courseExport, { courseId: targetId, ...dept }, `${course.data?.title ?? '课程'}-课程学习统计.xlsx`);
      else await download(studyStatApi.classExport, { classId: targetId, ...dept }, `${cls.data?.title ?? '培训班'}-培训班学习统计.xlsx`);
      message.success('数据导出成功！');
    } catch {
      // shown by the request helper
    } finally {
      setExporting(false);
    }
  };
  const exportButton = (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()} data-testid="study-dept-export">
      导出
    </Button>
  );
  return kind === 'course' ? (
    <Card size="small" title={`按部门统计：${course.data?.title ?? ''}`} extra={exportButton} style={{ marginBottom: 16 }}>
      <Table<Nested<StudyCourseDeptRow>> rowKey="deptCode" size="small" pagination={false} loading={course.isFetching} columns={COURSE_COLUMNS} dataSource={nest(course.data?.rows ?? [])} data-testid="study-dept-table" />
    </Card>
  ) : (
    <Card size="small" title={`按部门统计：${cls.data?.title ?? ''}`} extra={exportButton} style={{ marginBottom: 16 }}>
      <Table<Nested<StudyClassDeptRow>> rowKey="deptCode" size="small" pagination={false} loading={cls.isFetching} columns={CLASS_COLUMNS} dataSource={nest(cls.data?.rows ?? [])} data-testid="study-dept-table" />
    </Card>
  );
}

interface Filters {
  userName?: string;
}

/** The unfinished list of the target with its reminder actions. */
function Unfinished({ kind, targetId, deptCode }: { kind: Kind; targetId: string; deptCode?: string }) {
  const { modal, message } = App.useApp();
  const can = usePerm();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const base = useMemo(() => ({ kind, targetId, ...(deptCode ? { deptCode } : {}) }), [kind, targetId, deptCode]);
  const list = usePagedList<Filters, UnfinishedRecord>(
    `study-unfinished-${kind}-${targetId}-${deptCode ?? ''}`,
    (current, size, params) => call(studyStatApi.unfinished, { current, size, params: { ...base, ...params } }),
    {},
  );
  const total = list.query.data?.total ?? 0;
  const remind = (who: { userIds: string[] } | { all: true }, count: number) => {
    if (count === 0) {
      message.warning('请至少选择一条数据！');
      return;
    }
    const requestId = crypto.randomUUID();
    modal.confirm({
      title: '发送学习提醒',
      content: `确定向 ${count} 人发送学习提醒吗？`,
      okButtonProps: { 'data-testid': 'study-remind-ok' } as Record<string, string>,
      onOk: async () => {
        const res = await call(studyStatApi.remind, { ...base, requestId, ...who });
        if (res.jobId) setJobId(res.jobId);
        else message.success(`已发送 ${res.sent} 条提醒`);
        list.setSelected([]);
      },
    });
  };
  const columns: TableColumnsType<UnfinishedRecord> = [
    { title: '姓名', dataIndex: 'realName', width: 120, ellipsis: true },
    { title: '用户名', dataIndex: 'userName', ellipsis: true },
    { title: '部门', dataIndex: 'deptCode_dictText', ellipsis: true },
    { title: '状态', dataIndex: 'state_dictText', width: 100, render: (t: string, r) => <Tag color={STATE_COLOR[r.state]} data-testid={`study-state-${r.userName}`}>{t}</Tag> },
    ...(kind === 'exam' ? [] : [{ title: '进度', dataIndex: 'process', width: 160, render: (p: number) => <Progress percent={p} size="small" /> }]),
    {
      title: '操作', key: 'op', width: 90,
      render: (_: unknown, r: UnfinishedRecord) => (
        <PermButton code={StudyStatPerm.REMIND} type="link" size="small" onClick={() => remind({ userIds: [r.userId] }, 1)} data-testid={`study-remind-${r.userName}`}>
          提醒
        </PermButton>
      ),
    },
  ];
  return (
    <Card size="small" title={`未完成人员（${total}）`}>
      <ListToolbar>
        <Input.Search placeholder="账号或姓名" allowClear style={{ width: 220 }} onSearch={(v) => list.paging.search({ userName: v || undefined })} data-testid="study-user-search" />
        <PermButton code={StudyStatPerm.REMIND} icon={<NotificationOutlined />} onClick={() => remind({ userIds: list.selected }, list.selected.length)} data-testid="study-remind-selected">
          提醒所选
        </PermButton>
        <PermButton code={StudyStatPerm.REMIND} type="primary" icon={<NotificationOutlined />} disabled={total === 0} onClick={() => remind({ all: true }, total)} data-testid="study-remind-all">
          全部提醒
        </PermButton>
        {jobId && job.data && (
          <Space data-testid="study-remind-job">
            <Progress percent={Math.round(job.data.progress)} size="small" style={{ width: 160 }} />
            <span>{job.data.message}</span>
          </Space>
        )}
      </ListToolbar>
      <PagedTable<UnfinishedRecord> list={list} selectable={can(StudyStatPerm.REMIND)} columns={columns} scroll={{ x: 800 }} data-testid="study-unfinished-table" />
    </Card>
  );
}

export default function StudyStat() {
  const [deptCode, setDeptCode] = useState<string | undefined>();
  const [kind, setKind] = useState<Kind>('course');
  const [targetId, setTargetId] = useState<string | undefined>();
  return (
    <Row gutter={16} className="page">
      <Col xs={24} md={6}>
        <Card size="small" title="部门" data-testid="study-dept-tree">
          <DepartTree value={deptCode} onChange={setDeptCode} />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Space wrap>
            <Radio.Group
              optionType="button"
              options={KIND_OPTIONS}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as Kind);
                setTargetId(undefined);
              }}
              data-testid="study-kind"
            />
            <TargetSelect kind={kind} value={targetId} onChange={setTargetId} />
          </Space>
        </Card>
        {!targetId ? (
          <Card>
            <Empty description="请选择课程、培训班或考试" data-testid="study-empty" />
          </Card>
        ) : (
          <>
            {kind !== 'exam' && <DeptTable kind={kind} targetId={targetId} deptCode={deptCode} />}
            <Unfinished key={`${kind}-${targetId}-${deptCode ?? ''}`} kind={kind} targetId={targetId} deptCode={deptCode} />
          </>
        )}
      </Col>
    </Row>
  );
}
