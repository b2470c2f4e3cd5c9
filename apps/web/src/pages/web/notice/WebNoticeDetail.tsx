/**
 * /web/notice/detail/:id — one notice for learners (SPEC §2; opened in a new window from the home
 * notice card): title, publish time and the rich-text content (sanitised at save on the server and
 * again when rendered, components/RichText). A withdrawn, future or unknown notice answers 10010003:
 * shown as '公告不存在或已被删除！' with a way back to the list.
 */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Spin, Tag, Typography } from 'antd';
import { ErrorCode } from '@kaopei/contracts';
import { noticeApi } from '@kaopei/contracts/notice';
import { call, isApiError } from '../../../api/request';
import { RichText } from '../../../components/RichText';
import { NOTICE_LIST_PATH } from './notice-path';

export default function WebNoticeDetail() {
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: ['web-notice-detail', id],
    queryFn: () => call(noticeApi.webDetail, { id }, { quiet: [ErrorCode.NOT_FOUND] }),
    retry: false,
  });

  if (detail.isLoading) return <Spin className="page-loading" />;
  if (!detail.data) {
    const gone = isApiError(detail.error, ErrorCode.NOT_FOUND);
    return (
      <div data-testid="notice-detail-missing">
        <Result
          status={gone ? '404' : 'warning'}
          title={gone ? '公告不存在或已被删除！' : '公告加载失败'}
          extra={
            <Link to={NOTICE_LIST_PATH}>
              <Button type="primary">查看全部公告</Button>
            </Link>
          }
        />
      </div>
    );
  }
  const n = detail.data;
  return (
    <div className="web-page narrow">
      <Card>
        <Typography.Title level={3} className="notice-detail-title" data-testid="notice-detail-title">
          {n.isTop === 1 ? <Tag color="red">置顶</Tag> : null}
          {n.title}
        </Typography.Title>
        <div className="notice-detail-meta">
          发布时间：<span data-testid="notice-detail-time">{n.publishTime}</span>
        </div>
        <RichText html={n.content} className="notice-detail-content" data-testid="notice-detail-content" />
      </Card>
    </div>
  );
}
