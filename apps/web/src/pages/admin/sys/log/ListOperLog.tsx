/**
 * /admin/sys/log — the operation log (系统管理 → 操作日志): every administrator write with who, when,
 * what, on which ids, the result and the address. Filters: 操作人 (account name), 接口或操作
 * (part of the path or of the operation), 结果 (成功/失败) and a time range; paged table (时间, 操作人,
 * 操作, 接口, 对象, 结果, IP, 耗时), newest first, the time column sortable. Read-only: the page
 * needs sys:log:list and offers no action.
 */
import { Card, DatePicker, Form, Input, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { TIME_FORMAT } from '@kaopei/contracts';
import { LOG_RESULT_LABEL, LogResult, logApi, type OperLogRecord } from '@kaopei/contracts/sys-log';
import { call } from '../../../../api/request';
import { PagedTable } from '../../../../components/PagedTable';
import { usePagedList } from '../../../../components/paging';
import { SearchBar } from '../../../../components/SearchBar';
import { formatCost, logPagingBody, toLogParams, type LogFilterValues, type LogQuery } from './log-filters';

const RESULT_OPTIONS = Object.entries(LOG_RESULT_LABEL).map(([value, label]) => ({ value: Number(value), label }));

/** 成功 / 失败 tag; a failure shows its message under it, a success on hover. */
function ResultCell({ r }: { r: OperLogRecord }) {
  if (r.result === LogResult.SUCCESS) {
    return (
      <Tooltip title={r.msg}>
        <Tag color="success">{r.result_dictText}</Tag>
      </Tooltip>
    );
  }
  return (
    <Space orientation="vertical" size={0}>
      <Tooltip title={`错误码 ${r.code}`}>
        <Tag color="error">{r.result_dictText}</Tag>
      </Tooltip>
      <Typography.Text type="danger" ellipsis={{ tooltip: r.msg }} style={{ maxWidth: 220, fontSize: 12 }}>
        {r.msg}
      </Typography.Text>
    </Space>
  );
}

export default function ListOperLog() {
  const list = usePagedList<LogQuery, OperLogRecord>('sys-log-paging', (current, size, q) => call(logApi.paging, logPagingBody(current, size, q)), { params: {} });
  const { params: query, search } = list.paging;

  const columns: TableColumnsType<OperLogRecord> = [
    {
      title: '时间',
      dataIndex: 'createTime',
      width: 170,
      sorter: true,
      sortOrder: query.asc ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend'],
    },
    {
      title: '操作人',
      dataIndex: 'userName',
      width: 140,
      render: (_, r) => (r.userId_dictText && r.userId_dictText !== r.userName ? `${r.userName}（${r.userId_dictText}）` : r.userName),
    },
    {
      title: '操作',
      dataIndex: 'summary',
      width: 240,
      ellipsis: { showTitle: false },
      render: (_, r) => (
        <Tooltip title={r.summary}>
          <span>
            {r.module_dictText || r.module} · {r.summary}
          </span>
        </Tooltip>
      ),
    },
    { title: '接口', dataIndex: 'path', width: 220, ellipsis: true },
    {
      title: '对象',
      dataIndex: 'targetIds',
      width: 180,
      render: (v: string) => (v ? <Typography.Text ellipsis={{ tooltip: v.split(',').join('\n') }} copyable={{ text: v }} style={{ maxWidth: 160 }}>{v}</Typography.Text> : '—'),
    },
    { title: '结果', dataIndex: 'result', width: 150, render: (_, r) => <ResultCell r={r} /> },
    { title: 'IP', dataIndex: 'ip', width: 130 },
    { title: '耗时', dataIndex: 'costMs', width: 90, align: 'right', render: (v: number) => formatCost(v) },
  ];

  return (
    <Card className="page">
      <SearchBar<LogFilterValues> onSearch={(v) => search({ params: toLogParams(v), asc: query.asc })}>
        <Form.Item name="userName">
          <Input placeholder="操作人账号" allowClear maxLength={64} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input placeholder="接口或操作" allowClear maxLength={100} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="result">
          <Select placeholder="全部结果" allowClear options={RESULT_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker showTime format={TIME_FORMAT} allowEmpty={[true, true]} placeholder={['开始时间', '结束时间']} style={{ width: 380, maxWidth: '100%' }} />
        </Form.Item>
      </SearchBar>
      <PagedTable<OperLogRecord>
        list={list}
        columns={columns}
        scroll={{ x: 1320 }}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort' || Array.isArray(sorter)) return;
          search({ params: query.params, asc: sorter.order === 'ascend' });
        }}
      />
    </Card>
  );
}
