/**
 * /admin/course/stat/:courseId — CourseStat (SPEC §2 named admin route, param courseId; issue 11):
 * learners the course is open to, started, finished, average study time; per file (started,
 * finished, average time against the required time); the learners who started it (paged, filter
 * finished / not); 导出 downloads the xlsx ('数据导出成功！').
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Progress, Radio, Row, Spin, Statistic, Table, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { courseStatApi, type CourseStatFile, type CourseStatLearner } from '@kaopei/contracts/course-stat';
import { call, download } from '../../../api/request';
import { formatDuration } from '../../../utils/format';
import { goBack } from '../../../utils/nav';

const FILE_COLUMNS: TableColumnsType<CourseStatFile> = [
  { title: '课件', dataIndex: 'title', ellipsis: true },
  { title: '类型', dataIndex: 'fileType_dictText', width: 70 },
  { title: '要求时长', dataIndex: 'needSec', width: 120, render: (s: number) => formatDuration(s) },
  { title: '已学人数', dataIndex: 'startedCount', width: 90 },
  { title: '完成人数', dataIndex: 'finishedCount', width: 90 },
  { title: '平均学习时长', dataIndex: 'avgLearnSec', width: 130, render: (s: number) => formatDuration(s) },
];

const LEARNER_COLUMNS: TableColumnsType<CourseStatLearner> = [
  { title: '姓名', dataIndex: 'realName', width: 120, ellipsis: true },
  { title: '用户名', dataIndex: 'userName', ellipsis: true },
  { title: '进度', dataIndex: 'process', width: 160, render: (p: number) => <Progress percent={p} size="small" /> },
  { title: '学习时长', dataIndex: 'learnSec', width: 130, render: (s: number) => formatDuration(s) },
  { title: '状态', dataIndex: 'finished', width: 90, render: (f: boolean) => (f ? <Tag color="green">已完成</Tag> : <Tag color="blue">学习中</Tag>) },
  { title: '完成时间', dataIndex: 'finishTime', width: 170, render: (t: string | null) => t ?? '-' },
];

export default function CourseStat() {
  const { courseId = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [finished, setFinished] = useState<boolean | undefined>();
  const [exporting, setExporting] = useState(false);
  const stat = useQuery({ queryKey: ['course-stat', courseId], queryFn: () => call(courseStatApi.stat, { id: courseId }), enabled: courseId !== '' });
  const learners = useQuery({
    queryKey: ['course-stat-learners', courseId, finished, current, size],
    queryFn: () => call(courseStatApi.learners, { current, size, params: { courseId, ...(finished === undefined ? {} : { finished }) } }),
    enabled: courseId !== '',
    placeholderData: keepPreviousData,
  });
  const s = stat.data;
  const doExport = async () => {
    setExporting(true);
    try {
      await download(courseStatApi.export, { id: courseId }, `${s?.title ?? '课程'}-课程统计.xlsx`);
      message.success('数据导出成功！');
    } catch {
      // shown by the request helper
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      className="page"
      title={`课程统计${s ? `：${s.title}` : ''}`}
      extra={
        <>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()} data-testid="course-stat-export">
            导出
          </Button>{' '}
          <Button onClick={() => goBack(navigate, '/admin/course/list')}>返回</Button>
        </>
      }
    >
      <Spin spinning={stat.isFetching}>
        <Row gutter={16} style={{ marginBottom: 16 }}>
          <Col xs={12} md={6}>
            <Statistic title={`开放人数（${s?.openType_dictText ?? ''}）`} value={s?.learnerCount ?? 0} data-testid="course-stat-learners" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="已学人数" value={s?.startedCount ?? 0} data-testid="course-stat-started" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="完成人数" value={s?.finishedCount ?? 0} data-testid="course-stat-finished" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={`平均学习时长（要求 ${formatDuration(s?.totalSec ?? 0)}）`} value={formatDuration(s?.avgLearnSec ?? 0)} />
          </Col>
        </Row>
        <Table<CourseStatFile> rowKey="fileId" size="small" pagination={false} columns={FILE_COLUMNS} dataSource={s?.files ?? []} scroll={{ x: 700 }} />
      </Spin>
      <Radio.Group
        style={{ margin: '16px 0 8px' }}
        optionType="button"
        value={finished === undefined ? 'all' : finished ? 'done' : 'doing'}
        onChange={(e) => {
          const v = e.target.value as string;
          setFinished(v === 'all' ? undefined : v === 'done');
          setCurrent(1);
        }}
        options={[
          { value: 'all', label: '全部学员' },
          { value: 'done', label: '已完成' },
          { value: 'doing', label: '学习中' },
        ]}
      />
      <Table<CourseStatLearner>
        rowKey="userId"
        size="small"
        columns={LEARNER_COLUMNS}
        dataSource={learners.data?.records ?? []}
        loading={learners.isFetching}
        scroll={{ x: 800 }}
        pagination={{
          current,
          pageSize: size,
          total: learners.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p, ps) => {
            setCurrent(ps !== size ? 1 : p);
            setSize(ps);
          },
        }}
      />
    </Card>
  );
}
