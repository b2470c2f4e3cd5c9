/**
 * The notice list card of the learner home page (SPEC §2 "Notice list card on the home page (titles
 * only)", §9 "notice card 4 small or 6"): the newest visible notices from
 * /api/sys/notice/web-paging (top ones first, marked 置顶), titles only, each opening
 * /web/notice/detail/:id in a new window (target _blank); 更多 → /web/notice; an empty state.
 * `size` 'small' shows 4 titles, 'default' 6. Needs a logged-in user (the call's access is 'user').
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin, Tag } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { NOTICE_CARD_SIZE, noticeApi } from '@kaopei/contracts/notice';
import { call } from '../../../api/request';
import { NOTICE_LIST_PATH, noticeDetailPath } from './notice-path';

export function NoticeCard({ size = 'default' }: { size?: keyof typeof NOTICE_CARD_SIZE }) {
  const count = NOTICE_CARD_SIZE[size];
  const list = useQuery({ queryKey: ['web-notice-card', count], queryFn: () => call(noticeApi.webPaging, { current: 1, size: count, params: {} }) });
  const records = list.data?.records ?? [];

  return (
    <Card
      size={size === 'small' ? 'small' : 'default'}
      className="notice-card"
      data-testid="home-notice-card"
      title={
        <span>
          <NotificationOutlined /> 系统公告
        </span>
      }
      extra={
        <Link to={NOTICE_LIST_PATH} data-testid="home-notice-more">
          更多
        </Link>
      }
    >
      <Spin spinning={list.isFetching}>
        {records.length === 0 && !list.isFetching ? (
          <div data-testid="home-notice-empty">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无公告" />
          </div>
        ) : (
          <ul className="notice-card-list">
            {records.map((n) => (
              <li key={n.id}>
                {n.isTop === 1 ? <Tag color="red">置顶</Tag> : null}
                <a href={noticeDetailPath(n.id)} target="_blank" rel="noopener noreferrer" title={n.title} data-testid={`home-notice-${n.id}`}>
                  {n.title}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Spin>
    </Card>
  );
}
