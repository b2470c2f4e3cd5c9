/**
 * A paged list of published training news (/api/trainClass/news/public-paging, no login needed):
 * cover, title (a link to /web/state/details?id=), summary and publish time, top ones marked 置顶;
 * title search. `classId` '' = the site-wide articles (/web/state), else one class's (its page's tab).
 */
import { Link } from 'react-router';
import { Input, Tag, type TableColumnsType } from 'antd';
import { classNewsApi, type NewsPublicRecord } from '@kaopei/contracts/class-news';
import { call } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';

/** The article page of `id`. */
export const newsDetailsPath = (id: string) => `/web/state/details?id=${encodeURIComponent(id)}`;

const NO_FILTER = { title: '' };

export function PublicNewsList({ classId = '' }: { classId?: string }) {
  const list = usePagedList<{ title: string }, NewsPublicRecord>(`public-news-${classId}`, (current, size, { title }) => call(classNewsApi.publicPaging, { current, size, params: { ...(title ? { title } : {}), ...(classId ? { classId } : {}) } }), NO_FILTER);

  const columns: TableColumnsType<NewsPublicRecord> = [
    {
      title: '资讯',
      key: 'news',
      render: (_, r) => (
        <div className="state-news-row" data-testid={`state-news-${r.id}`}>
          {r.cover ? <img className="state-news-cover" src={r.cover} alt="" style={{ width: 160, height: 100, objectFit: 'cover', borderRadius: 4, flex: 'none' }} /> : null}
          <div style={{ minWidth: 0 }}>
            <div style={{ fontSize: 16, fontWeight: 500 }}>
              {r.isTop === 1 ? <Tag color="red">置顶</Tag> : null}
              <Link to={newsDetailsPath(r.id)} data-testid={`state-news-link-${r.id}`}>
                {r.title}
              </Link>
            </div>
            {r.summary ? <div style={{ color: 'rgba(0,0,0,.55)', margin: '6px 0' }}>{r.summary}</div> : null}
            <div style={{ color: 'rgba(0,0,0,.45)', fontSize: 12 }}>
              {r.publishTime} · 浏览 {r.viewCount}
            </div>
          </div>
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="web-page-head">
        <span />
        <Input.Search placeholder="搜索资讯标题" allowClear onSearch={(v) => list.paging.search({ title: v.trim() })} style={{ maxWidth: 280 }} data-testid="state-search" />
      </div>
      <PagedTable<NewsPublicRecord> list={list} columns={columns} showHeader={false} />
    </>
  );
}
