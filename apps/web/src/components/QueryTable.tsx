/**
 * A small table of one page of a paged query, for lists inside dialogs (a course's applications, its
 * face records …): `page` is the query's current answer ({records, total}), `current` the page shown
 * and `onPage` its change; `pageSize` rows a page (10). Loading state from `loading`; "共 N 条" below.
 */
import { Table, type TableProps } from 'antd';

export interface QueryTableProps<R> extends Omit<TableProps<R>, 'dataSource' | 'pagination' | 'rowKey' | 'size'> {
  page: { records: R[]; total: number } | undefined;
  current: number;
  onPage: (current: number) => void;
  /** Rows a page. */
  pageSize?: number;
}

export function QueryTable<R extends { id: string }>({ page, current, onPage, pageSize = 10, ...table }: QueryTableProps<R>) {
  return (
    <Table<R>
      rowKey="id"
      size="small"
      {...table}
      dataSource={page?.records ?? []}
      pagination={{ current, pageSize, total: page?.total ?? 0, onChange: onPage, showTotal: (n) => `共 ${n} 条` }}
    />
  );
}
