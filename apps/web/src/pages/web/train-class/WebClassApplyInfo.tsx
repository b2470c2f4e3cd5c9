/**
 * /web/webclassapply/info?classId=… — a training class for the learner (SPEC §2; a study check of a
 * class also sends the learner here): cover, title, type, dates, sign-up window, seats, organiser,
 * the learner's state (and the audit message), 立即报名 / 退出培训 with confirmations
 * (/api/trainClass/apply, /withdraw; the reason a sign-up is not possible shown instead), the
 * introduction, the learner's progress (required courses finished / total) and the class's
 * completion requirements (结业要求, each done / total), then tabs: 培训课程 (开始学习 links to
 * /web/course/view/{courseId} once enrolled) and the sections other modules add in sections.tsx.
 */
import { Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Empty, Progress, Row, Space, Spin, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { ClassUserState, trainClassApi, type ClassLearnDetail } from '@kaopei/contracts/train-class';
import { call } from '../../../api/request';
import { RichText } from '../../../components/RichText';
import { classStateTag } from './ClassGrid';
import { CLASS_SECTIONS } from './sections';

type CourseRow = ClassLearnDetail['courses'][number];

export default function WebClassApplyInfo() {
  const [params] = useSearchParams();
  const classId = params.get('classId') ?? '';
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const detail = useQuery({ queryKey: ['class-info', classId], queryFn: () => call(trainClassApi.info, { id: classId }), enabled: classId !== '', retry: false });
  const c = detail.data;

  if (!classId || detail.isError) return <Empty className="web-page" description="培训班不存在或已被删除！" />;
  if (!c) return <Spin className="page-loading" />;
  const enrolled = c.myState === ClassUserState.ENROLLED;

  const apply = () =>
    modal.confirm({
      title: '报名确认',
      content: `确定报名培训班「${c.title}」吗？${c.needAudit ? '报名需要管理员审核。' : ''}`,
      okButtonProps: { 'data-testid': 'class-apply-ok' } as Record<string, string>,
      onOk: async () => {
        try {
          const r = await call(trainClassApi.apply, { classId });
          message.success(r.state === ClassUserState.APPLIED ? '报名已提交，请等待管理员审核！' : '报名成功！');
          await detail.refetch();
        } catch {
          // shown by the request helper
        }
      },
    });
  const withdraw = () =>
    modal.confirm({
      title: '退出确认',
      content: `确定退出培训班「${c.title}」吗？退出后名额将释放给其他学员。`,
      okButtonProps: { 'data-testid': 'class-withdraw-ok' } as Record<string, string>,
      onOk: async () => {
        try {
          await call(trainClassApi.withdraw, { classId });
          message.success('已退出培训班！');
          await detail.refetch();
        } catch {
          // shown by the request helper
        }
      },
    });

  const columns: TableColumnsType<CourseRow> = [
    { title: '课程', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'required', width: 80, render: (r: boolean) => (r ? <Tag color="red">必修</Tag> : <Tag>选修</Tag>) },
    { title: '状态', dataIndex: 'finished', width: 90, render: (f: boolean) => (enrolled ? (f ? <Tag color="green">已完成</Tag> : <Tag>未完成</Tag>) : '-') },
    {
      title: '操作',
      key: 'op',
      width: 110,
      render: (_, r) =>
        enrolled ? (
          <Button type="link" onClick={() => navigate(`/web/course/view/${encodeURIComponent(r.courseId)}`)} data-testid={`class-course-study-${r.courseId}`}>
            开始学习
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="web-page">
      <Card>
        <Row gutter={24}>
          <Col xs={24} md={9}>
            {c.cover ? <img alt={c.title} src={c.cover} style={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 4 }} /> : null}
          </Col>
          <Col xs={24} md={15}>
            <Typography.Title level={3} data-testid="class-info-title">
              {c.title}
            </Typography.Title>
            <p>
              <Tag color="blue">{c.classType_dictText}</Tag>
              <span data-testid="class-info-state">{classStateTag(c)}</span>
            </p>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="培训时间">{`${c.startTime} 至 ${c.endTime}`}</Descriptions.Item>
              <Descriptions.Item label="报名时间">{`${c.signStart ?? '即日起'} 至 ${c.signEnd ?? c.endTime}`}</Descriptions.Item>
              <Descriptions.Item label="名额">{c.capacity > 0 ? `${c.seats} / ${c.capacity}` : `不限（已报名 ${c.seats}）`}</Descriptions.Item>
              {c.organiser ? <Descriptions.Item label="主办单位">{c.organiser}</Descriptions.Item> : null}
              {c.auditMsg ? <Descriptions.Item label="审核意见">{c.auditMsg}</Descriptions.Item> : null}
            </Descriptions>
            <Space>
              {c.canApply ? (
                <Button type="primary" size="large" onClick={apply} data-testid="class-apply">
                  立即报名
                </Button>
              ) : c.myState < 0 || c.myState >= ClassUserState.REJECTED ? (
                <Button size="large" disabled data-testid="class-apply-tip">
                  {c.applyTip || '不可报名'}
                </Button>
              ) : null}
              {c.canWithdraw ? (
                <Button danger size="large" onClick={withdraw} data-testid="class-withdraw">
                  退出培训
                </Button>
              ) : null}
            </Space>
          </Col>
        </Row>
      </Card>
      {enrolled ? (
        <Card title="学习进度" style={{ marginTop: 16 }}>
          <Progress percent={c.progress} data-testid="class-progress" />
          <span className="muted">{`必修课程已完成 ${c.requiredDone} / ${c.requiredTotal}`}</span>
          {c.requirements.length ? (
            <Descriptions size="small" column={{ xs: 1, md: 2 }} title="结业要求" style={{ marginTop: 12 }} data-testid="class-requirements">
              {c.requirements.map((r) => (
                <Descriptions.Item key={r.key} label={r.title}>
                  <span data-testid={`class-requirement-${r.key}`}>
                    {r.met ? <Tag color="green">已达成</Tag> : <Tag>未达成</Tag>}
                    {`${r.done} / ${r.total}`}
                  </span>
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : null}
        </Card>
      ) : null}
      {c.content ? (
        <Card title="培训介绍" style={{ marginTop: 16 }}>
          <RichText html={c.content} />
        </Card>
      ) : null}
      <Card style={{ marginTop: 16 }}>
        <Tabs
          items={[
            {
              key: 'courses',
              label: <span data-testid="class-tab-courses">培训课程</span>,
              children: <Table<CourseRow> rowKey="courseId" size="small" pagination={false} columns={columns} dataSource={c.courses} data-testid="class-courses" />,
            },
            ...CLASS_SECTIONS.filter((s) => enrolled || s.public).map((s) => ({
              key: s.key,
              label: <span data-testid={`class-tab-${s.key}`}>{s.title}</span>,
              children: (
                <Suspense fallback={<Spin />}>
                  <s.Component detail={c} onChanged={() => void detail.refetch()} />
                </Suspense>
              ),
            })),
          ]}
        />
      </Card>
    </div>
  );
}
