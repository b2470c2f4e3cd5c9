/**
 * 我的积分, the `points` tab of /web/uc (issue 7 "Points"; SPEC §3 "Points log": refRemark,
 * createTime, points ±; §7 /api/user/points/my-paging): the current balance and the learner's own
 * ledger, newest first, paged — 说明, 时间, 积分 (signed, green for credits, red for debits), 余额.
 * Loaded lazily by UserCenter, so the login and exam bundles do not carry it.
 */
import { Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { pointsApi, type PointsLogRecord } from '@kaopei/contracts/points';
import { call } from '../../../api/request';
import { usePagedList } from '../../../components/paging';
import { pointsColor, signedPoints } from '../../admin/sys/points/points-view';

const COLUMNS: TableColumnsType<PointsLogRecord> = [
  { title: '说明', dataIndex: 'refRemark', ellipsis: true },
  { title: '时间', dataIndex: 'createTime', width: 170, responsive: ['sm'] },
  {
    title: '积分',
    dataIndex: 'points',
    width: 90,
    align: 'right',
    render: (v: number, r) => (
      <Typography.Text type={pointsColor(v)} strong data-testid={`my-points-row-${r.id}`}>
        {signedPoints(v)}
      </Typography.Text>
    ),
  },
  { title: '余额', dataIndex: 'balance', width: 90, align: 'right' },
];

export default function MyPoints() {
  const balance = useQuery({ queryKey: ['my-points-balance'], queryFn: () => call(pointsApi.myBalance, {}) });
  const list = usePagedList<Record<string, never>, PointsLogRecord>('my-points-paging', (current, size) => call(pointsApi.myPaging, { current, size }), {});
  return (
    <div data-testid="my-points">
      <Statistic title="当前积分" value={balance.data?.balance ?? 0} loading={balance.isLoading} style={{ marginBottom: 16 }} valueRender={(node) => <span data-testid="my-points-balance">{node}</span>} />
      <Table<PointsLogRecord>
        rowKey="id"
        size="middle"
        columns={COLUMNS}
        loading={list.query.isFetching}
        dataSource={list.query.data?.records ?? []}
        pagination={{ ...list.paging.pagination(list.query.data?.total), size: 'small' }}
      />
    </div>
  );
}
