/**
 * /web/state/details?id= — one training news article (SPEC §2, reachable without login): title,
 * publish time, views, class, cover and the rich-text content. A draft, withdrawn, deleted or hidden
 * article answers '资讯不存在或已下线！' (10010003), shown with a way back to the list.
 */
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Spin, Tag, Typography } from 'antd';
import { ErrorCode } from '@kaopei/contracts';
import { classNewsApi, NEWS_GONE_MSG } from '@kaopei/contracts/class-news';
import { call, isApiError } from '../../../api/request';
import { RichText } from '../../../components/RichText';

export default function WebStateDetails() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const detail = useQuery({
    queryKey: ['state-news-detail', id],
    queryFn: () => call(classNewsApi.publicDetail, { id }, { quiet: [ErrorCode.NOT_FOUND, ErrorCode.BAD_PARAMS] }),
    retry: false,
    staleTime: Infinity,
  });

  if (detail.isLoading) return <Spin className="page-loading" />;
  if (!detail.data) {
    const gone = !id || isApiError(detail.error, ErrorCode.NOT_FOUND) || isApiError(detail.error, ErrorCode.BAD_PARAMS);
    return (
      <div data-testid="state-detail-missing">
        <Result
          status={gone ? '404' : 'warning'}
          title={gone ? NEWS_GONE_MSG : '资讯加载失败'}
          extra={
            <Link to="/web/state">
              <Button type="primary">查看全部资讯</Button>
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
        <Typography.Title level={3} data-testid="state-detail-title">
          {n.isTop === 1 ? <Tag color="red">置顶</Tag> : null}
          {n.title}
        </Typography.Title>
        <div className="notice-detail-meta">
          发布时间：{n.publishTime} · 浏览 {n.viewCount}
          {n.classId_dictText ? ` · ${n.classId_dictText}` : ''}
        </div>
        {n.cover ? <img src={n.cover} alt="" style={{ maxWidth: '100%', margin: '12px 0' }} data-testid="state-detail-cover" /> : null}
        <RichText html={n.content} className="notice-detail-content" data-testid="state-detail-content" />
      </Card>
    </div>
  );
}
