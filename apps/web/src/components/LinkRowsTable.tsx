/**
 * The linked items of a training class being edited (class courses, class exams; issue 13 "Class
 * content"): one row per item in order with a required switch and 上移 / 下移 / 移除. The rows are the
 * caller's state (`rows`, `onChange`); nothing is saved here. Props: `itemTitle` (first column's
 * header), `requiredTitle` (the switch's header), `testIdPrefix` (`{prefix}-required-{id}`,
 * `{prefix}-up-{id}`, `{prefix}-down-{id}`, `{prefix}-remove-{id}`).
 */
import { Button, Space, Switch, Table, type TableColumnsType } from 'antd';

/** One linked item: its id, title and required flag. */
export interface LinkRow {
  id: string;
  title: string;
  required: boolean;
}

interface Props {
  rows: LinkRow[];
  onChange: (rows: LinkRow[]) => void;
  itemTitle: string;
  requiredTitle: string;
  testIdPrefix?: string;
  loading?: boolean;
}

export function LinkRowsTable({ rows, onChange, itemTitle, requiredTitle, testIdPrefix, loading }: Props) {
  const tid = (what: string, id: string) => (testIdPrefix ? { 'data-testid': `${testIdPrefix}-${what}-${id}` } : {});
  const move = (i: number, d: -1 | 1) => {
    const next = [...rows];
    const [x] = next.splice(i, 1);
    if (x) next.splice(i + d, 0, x);
    onChange(next);
  };
  const columns: TableColumnsType<LinkRow> = [
    { title: itemTitle, dataIndex: 'title', ellipsis: true },
    {
      title: requiredTitle,
      dataIndex: 'required',
      width: 80,
      render: (v: boolean, r, i) => <Switch checked={v} onChange={(c) => onChange(rows.map((x, j) => (j === i ? { ...x, required: c } : x)))} {...tid('required', r.id)} />,
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r, i) => (
        <Space size={0}>
          <Button type="link" disabled={i === 0} onClick={() => move(i, -1)} {...tid('up', r.id)}>上移</Button>
          <Button type="link" disabled={i === rows.length - 1} onClick={() => move(i, 1)} {...tid('down', r.id)}>下移</Button>
          <Button type="link" danger onClick={() => onChange(rows.filter((_x, j) => j !== i))} {...tid('remove', r.id)}>移除</Button>
        </Space>
      ),
    },
  ];
  return <Table<LinkRow> rowKey="id" size="small" pagination={false} loading={loading} columns={columns} dataSource={rows} locale={{ emptyText: '暂无数据' }} />;
}
