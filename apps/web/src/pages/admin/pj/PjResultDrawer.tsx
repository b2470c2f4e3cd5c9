/**
 * 结果 drawer of a questionnaire (issue 13 "anonymous results to the organiser with averages and a
 * chart"): answer and enrolment counts, per rate item the average and a bar chart of the stars
 * (PjBarChart, loaded lazily here only), per text item the answers (newest first, paged), and the
 * xlsx export. Nothing shown names a learner.
 */
import { lazy, Suspense } from 'react';
import { Button, Card, Drawer, Empty, List, Rate, Space, Spin, Statistic, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { pjApi, type PjItemResult, type PjRecord } from '@kaopei/contracts/pj';
import { call, download } from '../../../api/request';

const PjBarChart = lazy(() => import('./PjBarChart'));

function ItemCard({ item, index }: { item: PjItemResult; index: number }) {
  const title = `${index + 1}. ${item.title}${item.required ? '' : '（选答）'}`;
  if (item.itemType === 'rate') {
    return (
      <Card size="small" title={title} style={{ marginBottom: 12 }} data-testid={`pj-result-item-${index}`}>
        <Space>
          <Rate disabled allowHalf value={item.average ?? 0} />
          <Typography.Text strong data-testid={`pj-result-avg-${index}`}>
            {item.average === null ? '暂无评分' : `平均 ${item.average.toFixed(2)} 分`}
          </Typography.Text>
          <Typography.Text type="secondary">{item.count} 人评分</Typography.Text>
        </Space>
        <Suspense fallback={<Spin />}>
          <PjBarChart distribution={item.distribution} />
        </Suspense>
      </Card>
    );
  }
  return (
    <Card size="small" title={title} style={{ marginBottom: 12 }} data-testid={`pj-result-item-${index}`}>
      <List size="small" dataSource={item.texts} locale={{ emptyText: '暂无回答' }} pagination={item.texts.length > 10 ? { pageSize: 10, size: 'small' } : false} renderItem={(t) => <List.Item>{t}</List.Item>} />
    </Card>
  );
}

export function PjResultDrawer({ record, onClose }: { record: PjRecord | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ['pj-result', record?.id], queryFn: () => call(pjApi.result, { id: record?.id ?? '' }), enabled: Boolean(record), gcTime: 0 });
  const r = q.data;
  return (
    <Drawer open={Boolean(record)} title={`评估结果 — ${record?.title ?? ''}`} size="large" onClose={onClose} destroyOnHidden data-testid="pj-result">
      <Space style={{ marginBottom: 12 }} size="large">
        <Statistic title="已评价" value={r?.answerCount ?? 0} />
        <Statistic title="班级人数" value={r?.enrolledCount ?? 0} />
        <Button icon={<DownloadOutlined />} onClick={() => record && void download(pjApi.export, { id: record.id })} data-testid="pj-result-export">
          导出
        </Button>
      </Space>
      {q.isFetching && !r ? <Spin /> : null}
      {r && r.items.length === 0 ? <Empty /> : null}
      {r?.items.map((item, i) => <ItemCard key={item.id} item={item} index={i} />)}
    </Drawer>
  );
}
