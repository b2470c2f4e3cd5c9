/**
 * A dashboard list of what is in progress (SPEC §2 Dashboard: in-progress courses and exams; §9
 * dashboard lists of 5): a title search and a small table paged by 5, from
 * /api/stat/course/dash-course-list or /api/stat/exam/dash-exam-list.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Table } from 'antd';
import type { Page } from '@kaopei/contracts';
import { DASH_LIST_SIZE } from '@kaopei/contracts/stat';

interface Row {
  id: string;
  title: string;
  procCount: number;
}

/** `load(current, title)` answers a page of rows; `countField`/`countTitle` the second figure (finishCount 已完成 or handCount 已交卷). */
export function InProgressList<R extends Row>({ title, testId, queryKey, load, countField, countTitle }: {
  title: string;
  testId: string;
  queryKey: string;
  load: (current: number, title: string) => Promise<Page<R>>;
  countField: keyof R & string;
  countTitle: string;
}) {
  const [current, setCurrent] = useState(1);
  const [search, setSearch] = useState('');
  const query = useQuery({ queryKey: [queryKey, current, search], queryFn: () => load(current, search), placeholderData: keepPreviousData });
  return (
    <Card
      title={title}
      data-testid={testId}
      extra={<Input.Search allowClear placeholder="搜索标题" style={{ width: 180 }} data-testid={`${testId}-search`} onSearch={(v) => { setSearch(v.trim()); setCurrent(1); }} />}
    >
      <Table<R>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.records ?? []}
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '进行中', dataIndex: 'procCount', width: 80, align: 'right' },
          { title: countTitle, dataIndex: countField, width: 80, align: 'right' },
        ]}
        pagination={{ current, pageSize: DASH_LIST_SIZE, total: query.data?.total ?? 0, size: 'small', showSizeChanger: false, hideOnSinglePage: true, onChange: setCurrent }}
      />
    </Card>
  );
}
