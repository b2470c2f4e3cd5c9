/**
 * /admin/dashboard (SPEC §2 Dashboard): totals cards (题库数, 试题数, 考试数, 用户数 from
 * /api/stat/total/num/all) and the quick-entry cards that exist so far — 创建考试 (exam:add) →
 * /admin/exam/exam/add and 题库管理 (repo:list) → /admin/exam/repo — shown per permission code.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import { DatabaseOutlined, FileAddOutlined, FormOutlined, ProfileOutlined, TeamOutlined } from '@ant-design/icons';
import { statApi } from '@kaopei/contracts/stat';
import { RepoPerm } from '@kaopei/contracts/repo';
import { ExamPerm } from '@kaopei/contracts/exam';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import type { ReactNode } from 'react';

const TOTALS: { key: 'repoCount' | 'quCount' | 'examCount' | 'userCount'; title: string; icon: ReactNode; color: string }[] = [
  { key: 'repoCount', title: '题库数', icon: <DatabaseOutlined />, color: '#409EFF' },
  { key: 'quCount', title: '试题数', icon: <ProfileOutlined />, color: '#67C23A' },
  { key: 'examCount', title: '考试数', icon: <FormOutlined />, color: '#E6A23C' },
  { key: 'userCount', title: '用户数', icon: <TeamOutlined />, color: '#F56C6C' },
];

const ENTRIES = [
  { perm: ExamPerm.ADD, title: '创建考试', desc: '配置组卷规则，发布一场新的在线考试', to: '/admin/exam/exam/add', icon: <FileAddOutlined /> },
  { perm: RepoPerm.LIST, title: '题库管理', desc: '维护题库、录入或批量导入试题', to: '/admin/exam/repo', icon: <DatabaseOutlined /> },
];

export default function Dashboard() {
  const navigate = useNavigate();
  const { hasPerm } = useAuth();
  const totals = useQuery({ queryKey: ['stat-total'], queryFn: () => call(statApi.totalNumAll, {}) });
  const entries = ENTRIES.filter((e) => hasPerm(e.perm));
  const span = entries.length > 0 ? Math.max(6, Math.floor(24 / entries.length)) : 24;

  return (
    <div className="page">
      <Row gutter={[16, 16]}>
        {TOTALS.map((t) => (
          <Col xs={12} md={6} key={t.key}>
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
              <Col xs={24} sm={12} md={span} key={e.to}>
                <Card hoverable className="entry-card" onClick={() => navigate(e.to)}>
                  <Card.Meta avatar={<span className="entry-icon">{e.icon}</span>} title={e.title} description={e.desc} />
                </Card>
              </Col>
            ))}
          </Row>
        </>
      ) : null}
    </div>
  );
}
