/**
 * /web/notice — 系统公告 (SPEC §2 learner routes): the published notices whose publish time has come
 * (/api/sys/notice/web-paging), top ones first (marked 置顶), then the newest; search by title;
 * paged table (标题, 发布时间); a title opens /web/notice/detail/:id. Empty state '暂无相关数据！'.
 */
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { Card, Input, Tag, type TableColumnsType } from 'antd';
import { noticeApi, type NoticeWebRecord } from '@kaopei/contracts/notice';
import { call } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';
import { noticeDetailPath } from './notice-path';

const NO_FILTER = { title: '' };

export default function WebNotice() {
  const list = usePagedList<{ title: string }, NoticeWebRecord>(
    'web-notice',
    (current, size, { title }) => call(noticeApi.webPaging, { current, size, params: title ? { title } : {} }),
    NO_FILTER,
  );

  const columns: TableColumnsType<NoticeWebRecord> = [
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (_, r) => (
        <>
          {r.isTop === 1 ? (
            <Tag color="red" data-testid={`web-notice-top-${r.id}`}>
              置顶
            </Tag>
          ) : null}
          <Link to={noticeDetailPath(r.id)} data-testid={`web-notice-link-${r.id}`}>
            {r.title}
          </Link>
        </>
      ),
    },
    { title: '发布时间', dataIndex: 'publishTime', width: 180 },
  ];

  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>系统公告</h2>
        <Input.Search
          placeholder="搜索公告标题"
          allowClear
          onSearch={(v) => list.paging.search({ title: v.trim() })}
          style={{ maxWidth: 280 }}
          data-testid="web-notice-search"
        />
      </div>
      <Card>
        <PagedTable<NoticeWebRecord>
          list={list}
          columns={columns}
          onRow={(r) => ({ 'data-testid': `web-notice-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
          scroll={{ x: 560 }}
        />
      </Card>
    </div>
  );
}
