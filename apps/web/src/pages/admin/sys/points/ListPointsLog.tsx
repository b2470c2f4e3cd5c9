/**
 * /admin/sys/points-log — 积分明细 (issue 7 "Points"; /api/user/points/paging): every ledger row of
 * the users the administrator's data scope covers, filtered by account name (exact) and type; the
 * paged table shows 姓名, 积分 (signed, green or red), 余额, 类型, 说明, 时间.
 */
import { Card, Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import { POINTS_REF_TYPE_LABEL, pointsApi, type PointsAdminRecord } from '@kaopei/contracts/points';
import { call } from '../../../../api/request';
import { PagedTable } from '../../../../components/PagedTable';
import { SearchBar } from '../../../../components/SearchBar';
import { usePagedList } from '../../../../components/paging';
import { pointsColor, signedPoints } from './points-view';

interface Filters {
  userName?: string;
  refType?: string;
}

const TYPE_OPTIONS = Object.entries(POINTS_REF_TYPE_LABEL).map(([value, label]) => ({ value, label }));

export default function ListPointsLog() {
  const list = usePagedList<Filters, PointsAdminRecord>('points-log-paging', (current, size, params) => call(pointsApi.paging, { current, size, params }), {});

  const columns: TableColumnsType<PointsAdminRecord> = [
    { title: '姓名', dataIndex: 'userId_dictText', width: 120, ellipsis: true },
    {
      title: '积分',
      dataIndex: 'points',
      width: 100,
      align: 'right',
      render: (v: number, r) => (
        <Typography.Text type={pointsColor(v)} data-testid={`points-log-points-${r.id}`}>
          {signedPoints(v)}
        </Typography.Text>
      ),
    },
    { title: '余额', dataIndex: 'balance', width: 100, align: 'right' },
    { title: '类型', dataIndex: 'refType_dictText', width: 120 },
    { title: '说明', dataIndex: 'refRemark', ellipsis: true },
    { title: '时间', dataIndex: 'createTime', width: 180 },
  ];

  return (
    <Card className="page">
      <SearchBar<Filters> onSearch={(v) => list.paging.search({ ...(v.userName?.trim() ? { userName: v.userName.trim() } : {}), ...(v.refType ? { refType: v.refType } : {}) })}>
        <Form.Item name="userName">
          <Input placeholder="登录账号" allowClear maxLength={64} data-testid="points-log-user" />
        </Form.Item>
        <Form.Item name="refType">
          <Select placeholder="全部类型" allowClear options={TYPE_OPTIONS} style={{ width: 140 }} />
        </Form.Item>
      </SearchBar>
      <PagedTable<PointsAdminRecord> list={list} columns={columns} scroll={{ x: 820 }} />
    </Card>
  );
}
