/**
 * 培训统计 tab of the class management drawer (issue 13 "Class statistics and exports"): sign-ups by
 * state, finished and the finish rate (/api/trainClass/stat/summary), the enrolled learners with their
 * standing in every requirement the platform measures — those outside the class's rule marked
 * 非结业要求 — filtered by 已结业 / 未结业 and name (/api/trainClass/stat/users, paged), and 导出
 * (/api/trainClass/stat/export, xlsx).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Input, Row, Select, Space, Statistic, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { classStatApi, type ClassStatUser } from '@kaopei/contracts/train-class-stat';
import { call, download } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';
import type { ClassAdminSectionProps } from './adminSections';

type Row = ClassStatUser;
interface Filter {
  userName: string;
  finished?: boolean;
}

export default function ClassStatSection({ cls }: ClassAdminSectionProps) {
  const summary = useQuery({ queryKey: ['class-stat-summary', cls.id], queryFn: () => call(classStatApi.summary, { classId: cls.id }) });
  const list = usePagedList<Filter, Row>(
    `class-stat-users-${cls.id}`,
    (current, size, { userName, finished }) => call(classStatApi.users, { current, size, params: { classId: cls.id, ...(userName ? { userName } : {}), ...(finished !== undefined ? { finished } : {}) } }),
    { userName: '' },
  );
  const [exporting, setExporting] = useState(false);
  const s = summary.data;
  const standings = list.query.data?.records[0]?.standings ?? [];

  const columns: TableColumnsType<Row> = [
    { title: '账号', dataIndex: 'userName', width: 130, ellipsis: true },
    { title: '姓名', dataIndex: 'realName', width: 100, ellipsis: true },
    { title: '部门', dataIndex: 'deptCode_dictText', width: 140, ellipsis: true },
    ...standings.map((st, i) => ({
      title: st.asked ? st.title : `${st.title}（非结业要求）`,
      key: st.key,
      width: 130,
      render: (_: unknown, r: Row) => {
        const x = r.standings[i];
        return x ? <Tag color={x.done >= x.total && x.total > 0 ? 'green' : 'default'}>{`${x.done} / ${x.total}`}</Tag> : '-';
      },
    })),
    { title: '结业', dataIndex: 'finished', width: 80, render: (f: boolean) => (f ? <Tag color="green">已结业</Tag> : <Tag>未结业</Tag>) },
    { title: '结业时间', dataIndex: 'finishTime', width: 170, render: (v: string | null) => v ?? '-' },
  ];

  const exportSheet = async () => {
    setExporting(true);
    try {
      await download(classStatApi.export, { classId: cls.id });
    } catch {
      // shown by the request helper
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="class-stat">
      <Card size="small" loading={summary.isLoading}>
        <Row gutter={16}>
          <Col span={4}>
            <Statistic title="待审核" value={s?.applied ?? 0} />
          </Col>
          <Col span={4}>
            <Statistic title="已报名" value={s?.enrolled ?? 0} data-testid="class-stat-enrolled" />
          </Col>
          <Col span={4}>
            <Statistic title="已驳回" value={s?.rejected ?? 0} />
          </Col>
          <Col span={4}>
            <Statistic title="已退出" value={s?.withdrawn ?? 0} />
          </Col>
          <Col span={4}>
            <Statistic title="已结业" value={s?.finished ?? 0} data-testid="class-stat-finished" />
          </Col>
          <Col span={4}>
            <Statistic title="结业率" value={s?.finishRate ?? 0} suffix="%" />
          </Col>
        </Row>
      </Card>
      <Space style={{ margin: '12px 0' }} wrap>
        <Input.Search allowClear placeholder="账号或姓名" style={{ width: 220 }} onSearch={(userName) => list.paging.search({ ...list.paging.params, userName: userName.trim() })} />
        <Select<'all' | 'yes' | 'no'>
          defaultValue="all"
          style={{ width: 120 }}
          options={[
            { value: 'all', label: '全部学员' },
            { value: 'yes', label: '已结业' },
            { value: 'no', label: '未结业' },
          ]}
          onChange={(v) => list.paging.search({ ...list.paging.params, finished: v === 'all' ? undefined : v === 'yes' })}
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportSheet} data-testid="class-stat-export">
          导出
        </Button>
      </Space>
      <PagedTable<Row> list={list} columns={columns} scroll={{ x: 900 }} />
    </div>
  );
}
