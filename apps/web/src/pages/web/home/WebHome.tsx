/**
 * /web/home (SPEC §2 learner home): welcome and entry cards to 在线考试 (/web/index) and 我的成绩
 * (/web/paper), and for a logged-in user the full-width notice card (6 titles, SPEC §9; each opens
 * in a new window). Visitors see it too; their cards lead to the login page and they get no notice
 * card (the notice calls need a login, and so does the detail page a title would open).
 */
import { useNavigate } from 'react-router';
import { Card, Col, Row, Typography } from 'antd';
import { FormOutlined, TrophyOutlined } from '@ant-design/icons';
import { useAuth } from '../../../store/auth';
import { NoticeCard } from '../notice/NoticeCard';
import { useSiteInfo } from '../../../store/site';

const ENTRIES = [
  { to: '/web/index', title: '在线考试', desc: '查看可参加的考试，开始或继续作答', icon: <FormOutlined />, testId: 'home-entry-exam' },
  { to: '/web/paper', title: '我的成绩', desc: '查看历次考试的得分与答题详情', icon: <TrophyOutlined />, testId: 'home-entry-paper' },
];

export default function WebHome() {
  const navigate = useNavigate();
  const { user, status } = useAuth();
  const { site } = useSiteInfo();
  const loggedIn = status === 'ready' && Boolean(user);

  return (
    <div className="web-page">
      <section className="home-hero">
        <Typography.Title level={2}>{loggedIn ? `欢迎回来，${user?.realName || user?.userName}` : `欢迎来到${site.siteName}`}</Typography.Title>
        <Typography.Paragraph type="secondary">在线学习、培训与考试平台。{loggedIn ? '' : '登录后即可参加考试、查看成绩。'}</Typography.Paragraph>
      </section>
      <Row gutter={[16, 16]}>
        {ENTRIES.map((e) => (
          <Col xs={24} sm={12} key={e.to}>
            <Card
              hoverable
              className="entry-card"
              data-testid={e.testId}
              onClick={() => navigate(loggedIn ? e.to : `/login?redirect=${encodeURIComponent(e.to)}`)}
            >
              <Card.Meta avatar={<span className="entry-icon">{e.icon}</span>} title={e.title} description={e.desc} />
            </Card>
          </Col>
        ))}
        {loggedIn ? (
          <Col span={24}>
            <NoticeCard size="default" />
          </Col>
        ) : null}
      </Row>
    </div>
  );
}
