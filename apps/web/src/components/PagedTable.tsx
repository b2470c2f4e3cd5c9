/**
 * The table half of a paged list page (SPEC §2 paging tables): an antd Table wired to a
 * `usePagedList` — its rows, loading state and pagination (page sizes, 共 N 条) — with checkbox
 * selection of row ids when `selectable`; plus the toolbar above it and its 批量删除 button.
 * Empty pages show the app-wide empty text '暂无相关数据！' (App's ConfigProvider).
 */
import type { ReactNode } from 'react';
import { Space, Table, type TablePaginationConfig, type TableProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { Page } from '@kaopei/contracts';
import { PermButton } from './Perm';

/** What the table reads of a `usePagedList` result (any filter params). */
interface TableList<R> {
  query: { isFetching: boolean; data: Page<R> | undefined };
  paging: { pagination: (total: number | undefined) => TablePaginationConfig };
  selected: string[];
  setSelected: (ids: string[]) => void;
}

type PagedTableProps<R> = Omit<TableProps<R>, 'rowKey' | 'dataSource' | 'loading' | 'pagination' | 'rowSelection'> & {
  list: TableList<R>;
  /** Show row checkboxes bound to `list.selected` (pages pass the permission check of their batch actions). */
  selectable?: boolean;
};

/** Other Table props (columns, scroll, onRow, …) are passed on; rows are keyed by `id`, size middle. */
export function PagedTable<R extends { id: string }>({ list, selectable = false, ...table }: PagedTableProps<R>) {
  const { query, paging, selected, setSelected } = list;
  return (
    <Table<R>
      rowKey="id"
      size="middle"
      {...table}
      loading={query.isFetching}
      dataSource={query.data?.records ?? []}
      pagination={paging.pagination(query.data?.total)}
      rowSelection={selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
    />
  );
}

/** The row of buttons between the filter form and the table (class list-toolbar). */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Space className="list-toolbar" wrap>
      {children}
    </Space>
  );
}

/** 批量删除 for holders of `code`; `onClick` deletes the selection (the delete action warns when it is empty). */
export function BatchDeleteButton({ code, onClick }: { code: string; onClick: () => void }) {
  return (
    <PermButton code={code} danger icon={<DeleteOutlined />} onClick={onClick}>
      批量删除
    </PermButton>
  );
}

/** 批量启用 / 批量停用 for holders of `code`; `onState(0|1)` changes the selection (see useStateAction). */
export function BatchStateButtons({ code, onState }: { code: string; onState: (state: 0 | 1) => void }) {
  return (
    <>
      <PermButton code={code} onClick={() => onState(0)}>
        批量启用
      </PermButton>
      <PermButton code={code} onClick={() => onState(1)}>
        批量停用
      </PermButton>
    </>
  );
}
