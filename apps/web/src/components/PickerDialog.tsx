/**
 * The dialog behind the SPEC §2 pickers of things with a title (banks: RepoPicker, exams:
 * ExamPicker): paged table from a paging call, title search, ticks kept across pages
 * (user-selection.ts `mergePageSelection`) and shown as closable tags, radio instead of checkboxes
 * with `single`; 确定 answers the chosen rows' briefs (at least one: 请至少选择一条数据！). Rendered
 * only while open, so every opening starts afresh.
 * Props: `testId` (prefix of the dialog's test ids: `<testId>`, `-search`, `-ok`, `-row-<id>`),
 * `noun` (题库, 考试 … in the texts), `columns`, `queryKey`, `load(current, size, filters)` → a page,
 * `initialFilters` (with `title` for the search), `brief(row)`, `width`, `single`, `title`,
 * `onOk(briefs)`, `onCancel`.
 */
import { useState, type HTMLAttributes } from 'react';
import { App, Button, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Page } from '@kaopei/contracts';
import { SELECT_ONE, usePagedList } from './paging';
import { mergePageSelection, withoutId } from './user-selection';

export interface PickerDialogProps<F extends { title?: string }, R extends { id: string }, B extends { id: string; title: string }> {
  testId: string;
  noun: string;
  columns: TableColumnsType<R>;
  queryKey: string;
  load: (current: number, size: number, filters: F) => Promise<Page<R>>;
  initialFilters: F;
  brief: (row: R) => B;
  width?: number;
  single?: boolean;
  title: string;
  onOk: (briefs: B[]) => void;
  onCancel: () => void;
}

export function PickerDialog<F extends { title?: string }, R extends { id: string }, B extends { id: string; title: string }>({
  testId, noun, columns, queryKey, load, initialFilters, brief, width = 800, single, title, onOk, onCancel,
}: PickerDialogProps<F, R, B>) {
  const { message } = App.useApp();
  const list = usePagedList<F, R>(queryKey, load, initialFilters);
  const [selected, setSelected] = useState<ReadonlyMap<string, B>>(new Map());
  const [keyword, setKeyword] = useState('');
  const rows = list.query.data?.records ?? [];
  const { params, search } = list.paging;
  const tick = (keys: readonly string[]) => setSelected((s) => (single ? new Map(rows.filter((r) => keys.includes(r.id)).map((r) => [r.id, brief(r)])) : mergePageSelection(s, rows.map(brief), keys)));
  const toggle = (r: R) => setSelected((s) => (s.has(r.id) ? withoutId(s, r.id) : single ? new Map([[r.id, brief(r)]]) : mergePageSelection(s, [brief(r)], [r.id])));

  const confirm = () => {
    if (selected.size === 0) return void message.warning(SELECT_ONE);
    onOk([...selected.values()]);
  };

  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={confirm} data-testid={`${testId}-ok`}>
          确定{selected.size ? `（已选 ${selected.size} 个）` : ''}
        </Button>,
      ]}
    >
      <div data-testid={testId}>
        <Space.Compact className="list-filter" style={{ width: '100%', maxWidth: 360 }}>
          <Input placeholder={`搜索${noun}名称`} allowClear maxLength={100} value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={() => search({ ...params, title: keyword })} data-testid={`${testId}-search`} />
          <Button type="primary" icon={<SearchOutlined />} onClick={() => search({ ...params, title: keyword })}>
            查询
          </Button>
        </Space.Compact>
        <div style={{ minHeight: 32, marginBottom: 8 }}>
          {selected.size === 0 ? (
            <Typography.Text type="secondary">尚未选择{noun}</Typography.Text>
          ) : (
            <Space size={[4, 4]} wrap>
              {[...selected.values()].map((b) => (
                <Tag key={b.id} closable onClose={() => setSelected((s) => withoutId(s, b.id))}>
                  {b.title}
                </Tag>
              ))}
            </Space>
          )}
        </div>
        <Table<R>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.query.isFetching}
          pagination={list.paging.pagination(list.query.data?.total)}
          rowSelection={{ type: single ? 'radio' : 'checkbox', selectedRowKeys: [...selected.keys()], preserveSelectedRowKeys: true, onChange: (keys) => tick(keys.map(String)) }}
          onRow={(r) => ({ onClick: () => toggle(r), style: { cursor: 'pointer' }, 'data-testid': `${testId}-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
          scroll={{ y: 360 }}
        />
      </div>
    </Modal>
  );
}
