/**
 * /m/info/xqInfo?type=<notice|news|msg>&id=<id> — one item's details on the phone (issue 14; SPEC §2
 * mobile routes). `type` picks the source: `notice` a system notice (/api/sys/notice/web-detail, as
 * /web/notice/detail/:id), `news` a training news article (/api/trainClass/news/public-detail, as
 * /web/state/details; counts a view), `msg` one of my messages (/api/sys/user/msg/detail-for-read,
 * which marks it read). Title, time and the rich-text content (sanitised, components/RichText). A
 * missing type or id, or an item that is gone, shows '内容不存在或已被删除！'.
 */
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, Tag } from 'antd-mobile';
import { noticeApi } from '@kaopei/contracts/notice';
import { classNewsApi } from '@kaopei/contracts/class-news';
import { msgApi } from '@kaopei/contracts/notify';
import { call } from '../../api/request';
import { RichText } from '../../components/RichText';
import { detailTypeOf, type DetailType } from './paths';

/** The message shown for anything that cannot be shown. */
export const DETAIL_GONE_MSG = '内容不存在或已被删除！';

interface Shown {
  title: string;
  time: string;
  content: string;
  top: boolean;
}

async function load(type: DetailType, id: string): Promise<Shown> {
  if (type === 'notice') {
    const n = await call(noticeApi.webDetail, { id }, { quiet: true });
    return { title: n.title, time: n.publishTime, content: n.content, top: n.isTop === 1 };
  }
  if (type === 'news') {
    const n = await call(classNewsApi.publicDetail, { id }, { quiet: true });
    return { title: n.title, time: n.publishTime, content: n.content, top: n.isTop === 1 };
  }
  const m = await call(msgApi.detailForRead, { id }, { quiet: true });
  return { title: m.title, time: m.createTime, content: m.content, top: false };
}

export default function MobileDetail() {
  const [params] = useSearchParams();
  const type = detailTypeOf(params.get('type'));
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: ['m-detail', type, id], queryFn: () => load(type as DetailType, id), enabled: Boolean(type && id), retry: false, refetchOnWindowFocus: false });

  if (type && id && q.isLoading) {
    return (
      <div className="m-loading">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (!q.data) return <ErrorBlock status="empty" title={DETAIL_GONE_MSG} description="" data-testid="m-detail-missing" />;
  const d = q.data;
  return (
    <article className="m-section" style={{ padding: 16 }} data-testid="m-detail">
      <h2 style={{ fontSize: 20, lineHeight: 1.4, margin: '0 0 8px', overflowWrap: 'anywhere' }} data-testid="m-detail-title">
        {d.top ? (
          <Tag color="danger" style={{ marginRight: 6, verticalAlign: 'middle' }}>
            置顶
          </Tag>
        ) : null}
        {d.title}
      </h2>
      <div style={{ color: '#999', fontSize: 13, marginBottom: 12 }}>{d.time}</div>
      <RichText html={d.content} className="m-rich" data-testid="m-detail-content" />
    </article>
  );
}
