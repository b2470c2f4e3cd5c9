/**
 * The learner class page's tab 专题学习 (CLASS_SECTIONS; enrolled learners): the class's topics
 * (/api/zt/list, paged); a topic opens in a drawer (/api/zt/view) with its description and the
 * resources the learner may open — courses (to /web/course/view/:id), training news (to
 * /web/state/details) and links (a new window).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Drawer, Empty, List, Spin, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ztApi, type ZtItem, type ZtListRecord } from '@kaopei/contracts/zt';
import { call } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';
import { RichText } from '../../../components/RichText';
import type { ClassSectionProps } from '../train-class/sections';
import { newsDetailsPath } from '../state/NewsList';

function ItemLink({ item }: { item: ZtItem }) {
  if (item.itemType === 'link')
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer">
        {item.title}
      </a>
    );
  const to = item.itemType === 'course' ? `/web/course/view/${encodeURIComponent(item.refId)}` : newsDetailsPath(item.refId);
  return <Link to={to}>{item.title}</Link>;
}

function ZtViewDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const view = useQuery({ queryKey: ['zt-view', id], queryFn: () => call(ztApi.view, { id: id ?? '' }), enabled: Boolean(id) });
  const v = view.data;
  return (
    <Drawer open={Boolean(id)} onClose={onClose} title={v?.title ?? '专题'} size="large" destroyOnHidden>
      <Spin spinning={view.isFetching}>
        {v ? (
          <>
            {v.cover ? <img src={v.cover} alt="" style={{ maxWidth: '100%', marginBottom: 12 }} /> : null}
            <RichText html={v.content} />
            <List<ZtItem>
              header={<b>专题资源</b>}
              dataSource={v.items}
              locale={{ emptyText: <Empty description="暂无资源" /> }}
              renderItem={(item) => (
                <List.Item data-testid={`zt-item-${item.id}`}>
                  <Tag>{item.itemType_dictText}</Tag>
                  <ItemLink item={item} />
                </List.Item>
              )}
            />
          </>
        ) : null}
      </Spin>
    </Drawer>
  );
}

export default function ClassZtSection({ detail }: ClassSectionProps) {
  const list = usePagedList<Record<string, never>, ZtListRecord>(`zt-list-${detail.id}`, (current, size) => call(ztApi.list, { current, size, params: { classId: detail.id } }), {});
  const [open, setOpen] = useState<string | null>(null);
  const columns: TableColumnsType<ZtListRecord> = [
    {
      title: '专题',
      dataIndex: 'title',
      render: (v: string, r) => (
        <Button type="link" onClick={() => setOpen(r.id)} data-testid={`zt-open-${r.id}`}>
          {v}
        </Button>
      ),
    },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
  ];
  return (
    <>
      <PagedTable<ZtListRecord> list={list} columns={columns} />
      <ZtViewDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
