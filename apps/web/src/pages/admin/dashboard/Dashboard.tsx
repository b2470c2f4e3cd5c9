/**
 * /admin/dashboard (SPEC §2 Dashboard, §6 card codes and module flags, §9 lists of 5 and count-up):
 * - totals cards from /api/stat/total/num/all with a count-up (CountUp.tsx): 考试数, 题库数, 试题数
 *   (moduleExam), 课程数, 课件数 (moduleCourse), 竞赛数 (moduleBattle), 发证数 (moduleCert), 用户数,
 *   消息模板; each also needs the list permission of its domain;
 * - the quick-entry cards (quick-entries.ts), laid out by count;
 * - the user trend, exam overview and learning charts (DashChart, a lazy chunk with echarts) of
 *   /api/stat/total/{user,exam,learn}/week; the exam chart with moduleExam, the learning chart with
 *   moduleCourse;
 * - in-progress courses and exams (InProgressList, 5 a page, title search).
 * Loading shows skeletons; a chart without any figure shows an empty state.
 */
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import {
  BookOutlined, DatabaseOutlined, FileAddOutlined, FileTextOutlined, FormOutlined, MailOutlined, NotificationOutlined, ProfileOutlined, ReadOutlined,
  SafetyCertificateOutlined, TeamOutlined, TrophyOutlined,
} from '@ant-design/icons';
import { BattlePerm } from '@kaopei/contracts/battle';
import { CertPerm } from '@kaopei/contracts/cert';
import { CoursePerm } from '@kaopei/contracts/course';
import { CourseFilePerm } from '@kaopei/contracts/course-file';
import { ExamPerm } from '@kaopei/contracts/exam';
import { TmplPerm } from '@kaopei/contracts/notify';
import { QuPerm } from '@kaopei/contracts/qu';
import { RepoPerm } from '@kaopei/contracts/repo';
import { statApi, type DashCourseRow, type DashExamRow, type TotalNum } from '@kaopei/contracts/stat';
import { UserPerm } from '@kaopei/contracts/sys-user-admin';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { useSiteInfo } from '../../../store/site';
import { flattenRoutes } from '../../../router/tree';
import { CountUp } from './CountUp';
import type { DashSeries } from './DashChart';
import { InProgressList } from './InProgressList';
import { quickEntries, type QuickEntryKey } from './quick-entries';

const DashChart = lazy(() => import('./DashChart'));

type Flag = 'moduleExam' | 'moduleCourse' | 'moduleBattle' | 'moduleCert';

const TOTALS: { key: keyof TotalNum; title: string; icon: ReactNode; color: string; flag?: Flag; perm: string }[] = [
  { key: 'examCount', title: '考试数', icon: <FormOutlined />, color: '#E6A23C', flag: 'moduleExam', perm: ExamPerm.LIST },
  { key: 'repoCount', title: '题库数', icon: <DatabaseOutlined />, color: '#409EFF', flag: 'moduleExam', perm: RepoPerm.LIST },
  { key: 'quCount', title: '试题数', icon: <ProfileOutlined />, color: '#67C23A', flag: 'moduleExam', perm: QuPerm.LIST },
  { key: 'courseCount', title: '课程数', icon: <BookOutlined />, color: '#13C2C2', flag: 'moduleCourse', perm: CoursePerm.LIST },
  { key: 'fileCount', title: '课件数', icon: <FileTextOutlined />, color: '#2F54EB', flag: 'moduleCourse', perm: CourseFilePerm.LIST },
  { key: 'battleCount', title: '竞赛数', icon: <TrophyOutlined />, color: '#FA8C16', flag: 'moduleBattle', perm: BattlePerm.LIST },
  { key: 'grantCount', title: '发证数', icon: <SafetyCertificateOutlined />, color: '#909399', flag: 'moduleCert', perm: CertPerm.LIST },
  { key: 'userCount', title: '用户数', icon: <TeamOutlined />, color: '#F56C6C', perm: UserPerm.LIST },
  { key: 'tmplCount', title: '消息模板', icon: <MailOutlined />, color: '#7C5CFC', perm: TmplPerm.LIST },
];

const USER_SERIES: DashSeries[] = [
  { field: 'newUser', name: '新增用户', color: '#409EFF' },
  { field: 'activeUser', name: '活跃用户', color: '#67C23A' },
  { field: 'allUser', name: '用户总数', color: '#E6A23C', right: true },
];
const EXAM_SERIES: DashSeries[] = [
  { field: 'examCount', name: '考试场次', color: '#409EFF' },
  { field: 'examUser', name: '交卷人数', color: '#E6A23C' },
  { field: 'passUser', name: '通过人数', color: '#67C23A' },
];
const LEARN_SERIES: DashSeries[] = [
  { field: 'learnUser', name: '学习人数', type: 'bar', color: '#409EFF' },
  { field: 'finishUser', name: '完成人数', type: 'bar', color: '#67C23A' },
  { field: 'avgTime', name: '人均时长(分钟)', color: '#E6A23C', right: true },
];

const ENTRY_ICONS: Record<QuickEntryKey, ReactNode> = {
  exam: <FileAddOutlined />,
  course: <ReadOutlined />,
  repo: <DatabaseOutlined />,
  cert: <SafetyCertificateOutlined />,
  notice: <NotificationOutlined />,
};

/** A chart card: skeleton while loading, an empty state when every figure is 0, else the lazy chart. */
function ChartCard({ title, testId, rows, loading, series, rightName }: { title: string; testId: string; rows: readonly Record<string, unknown>[] | undefined; loading: boolean; series: DashSeries[]; rightName?: string }) {
  const empty = !rows || rows.every((r) => series.every((s) => !Number(r[s.field])));
  const skeleton = <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Card title={title} data-testid={testId}>
      {loading ? skeleton : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" style={{ height: 248 }} />
      ) : (
        <Suspense fallback={skeleton}>
          <DashChart rows={rows} series={series} rightName={rightName} />
        </Suspense>
      )}
    </Card>
  );
}

export default function Dashboard() {
  const navigate = useNavigate();
  const { hasPerm, routes } = useAuth();
  const { site } = useSiteInfo();
  const flags: Record<Flag, boolean> = { moduleExam: site.moduleExam, moduleCourse: site.props.moduleCourse, moduleBattle: site.moduleBattle, moduleCert: site.props.moduleCert };
  const cards = TOTALS.filter((t) => (!t.flag || flags[t.flag]) && hasPerm([t.perm]));
  const totals = useQuery({ queryKey: ['stat-total'], queryFn: () => call(statApi.totalNumAll, {}) });
  const users = useQuery({ queryKey: ['stat-user-week'], queryFn: () => call(statApi.userWeek, {}) });
  const exams = useQuery({ queryKey: ['stat-exam-week'], queryFn: () => call(statApi.examWeek, {}), enabled: flags.moduleExam });
  const learn = useQuery({ queryKey: ['stat-learn-week'], queryFn: () => call(statApi.learnWeek, {}), enabled: flags.moduleCourse });
  const entries = useMemo(() => quickEntries(hasPerm, flattenRoutes(routes)), [hasPerm, routes]);
  const span = entries.length > 0 ? Math.max(6, Math.floor(24 / entries.length)) : 24;
  const loadCourses = (current: number, title: string) => call(statApi.dashCourseList, { current, size: 5, params: { title } });
  const loadExams = (current: number, title: string) => call(statApi.dashExamList, { current, size: 5, params: { title } });

  return (
    <div className="page">
      <Row gutter={[16, 16]}>
        {cards.map((t) => (
          <Col xs={12} md={8} xl={4} key={t.key}>
            <Card className="stat-card">
              {totals.isLoading ? (
                <Skeleton active paragraph={{ rows: 1 }} />
              ) : (
                <div data-testid={`stat-${t.key}`} data-value={totals.data?.[t.key] ?? 0}>
                  <Statistic
                    title={t.title}
                    value={totals.data?.[t.key] ?? 0}
                    formatter={(v) => <CountUp value={Number(v)} />}
                    prefix={<span style={{ color: t.color }}>{t.icon}</span>}
                  />
                </div>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      {entries.length > 0 ? (
        <>
          <h3 className="section-title">快捷入口</h3>
          <Row gutter={[16, 16]}>
            {entries.map((e) => (
              <Col xs={24} sm={12} md={span} key={e.key}>
                <Card hoverable className="entry-card" onClick={() => navigate(e.to)} data-testid={`dashboard-entry-${e.key}`}>
                  <Card.Meta avatar={<span className="entry-icon">{ENTRY_ICONS[e.key]}</span>} title={e.title} description={e.desc} />
                </Card>
              </Col>
            ))}
          </Row>
        </>
      ) : null}
      <h3 className="section-title">数据概览</h3>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ChartCard title="用户趋势（近7天）" testId="dashboard-chart-user" rows={users.data} loading={users.isLoading} series={USER_SERIES} rightName="总数" />
        </Col>
        {flags.moduleExam ? (
          <Col xs={24} xl={12}>
            <ChartCard title="考试概况（近7天）" testId="dashboard-chart-exam" rows={exams.data} loading={exams.isLoading} series={EXAM_SERIES} />
          </Col>
        ) : null}
        {flags.moduleCourse ? (
          <Col xs={24} xl={12}>
            <ChartCard title="学习统计（近7天）" testId="dashboard-chart-learn" rows={learn.data} loading={learn.isLoading} series={LEARN_SERIES} rightName="分钟" />
          </Col>
        ) : null}
        {flags.moduleCourse ? (
          <Col xs={24} xl={12}>
            <InProgressList<DashCourseRow> title="进行中的课程" testId="dashboard-courses" queryKey="stat-dash-course" load={loadCourses} countField="finishCount" countTitle="已完成" />
          </Col>
        ) : null}
        {flags.moduleExam ? (
          <Col xs={24} xl={12}>
            <InProgressList<DashExamRow> title="进行中的考试" testId="dashboard-exams" queryKey="stat-dash-exam" load={loadExams} countField="handCount" countTitle="已交卷" />
          </Col>
        ) : null}
      </Row>
    </div>
  );
}
