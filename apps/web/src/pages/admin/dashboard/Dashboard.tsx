/**
 * /admin/dashboard (SPEC §2 Dashboard): totals cards (题库数, 试题数, 考试数, 用户数, 发证数, 消息模板, and 竞赛数 when the site has moduleBattle, from
 * /api/stat/total/num/all) and the quick-entry cards (quick-entries.ts: 创建考试, 添加课程, 题库管理,
 * 证书管理 per permission code, course and certificate only when the site has those pages; 通知公告
 * when the others number an odd count or fewer than 3), laid out by count.
 */
import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import { DatabaseOutlined, FileAddOutlined, FormOutlined, MailOutlined, NotificationOutlined, ProfileOutlined, ReadOutlined, SafetyCertificateOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import { statApi, type TotalNum } from '@kaopei/contracts/stat';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { useSiteInfo } from '../../../store/site';
import { flattenRoutes } from '../../../router/tree';
import { quickEntries, type QuickEntryKey } from './quick-entries';

const TOTALS: { key: keyof TotalNum; title: string; icon: ReactNode; color: string; flag?: 'moduleBattle' }[] = [
  { key: 'repoCount', title: '题库数', icon: <DatabaseOutlined />, color: '#409EFF' },
  { key: 'quCount', title: '试题数', icon: <ProfileOutlined />, color: '#67C23A' },
  { key: 'examCount', title: '考试数', icon: <FormOutlined />, color: '#E6A23C' },
  { key: 'userCount', title: '用户数', icon: <TeamOutlined />, color: '#F56C6C' },
  { key: 'grantCount', title: '发证数', icon: <SafetyCertificateOutlined />, color: '#909399' },
  { key: 'tmplCount', title: '消息模板', icon: <MailOutlined />, color: '#7C5CFC' },
  // Shown only when the site has the module (SPEC §6 dashboard cards follow moduleBattle).
  { key: 'battleCount', title: '竞赛数', icon: <TrophyOutlined />, color: '#E6A23C', flag: 'moduleBattle' },
];

const ENTRY_ICONS: Record<QuickEntryKey, ReactNode> = {
  exam: <FileAddOutlined />,
  course: <ReadOutlined />,
  repo: <DatabaseOutlined />,
  cert: <SafetyCertificateOutlined />,
  notice: <NotificationOutlined />,
};

export default function Dashboard() {
  const navigate = useNavigate();
  const { hasPerm, routes } = useAuth();
  const { site } = useSiteInfo();
  const cards = TOTALS.filter((t) => !t.flag || site[t.flag]);
  const totals = useQuery({ queryKey: ['stat-total'], queryFn: () => call(statApi.totalNumAll, {}) });
  const entries = useMemo(() => quickEntries(hasPerm, flattenRoutes(routes)), [hasPerm, routes]);
  const span = entries.length > 0 ? Math.max(6, Math.floor(24 / entries.length)) : 24;

  return (
    <div className="page">
      <Row gutter={[16, 16]}>
        {cards.map((t) => (
          <Col xs={12} md={8} xl={4} key={t.key}>
            <Card className="stat-card">
              {totals.isLoading ? (
                <Skeleton active paragraph={{ rows: 1 }} />
              ) : (
                <div data-testid={`stat-${t.key}`}>
                  <Statistic title={t.title} value={totals.data?.[t.key] ?? 0} prefix={<span style={{ color: t.color }}>{t.icon}</span>} />
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
    </div>
  );
}
