/**
 * Question-bank picker dialog (SPEC §2 "Pickers and selects": paged, title search, columns title,
 * quCount, objCount, subjCount, multi-select with a confirm button showing the selected count; §7
 * /api/repo/paging params title, excludes, isExam, isTrain). Counts: quCount all live top-level
 * questions, objCount types 1/2/3/5/6, subjCount type 4 (a combined question counts in quCount only).
 * Ticks are kept across pages (user-selection.ts `mergePageSelection`) and shown as tags; 确定
 * answers the chosen banks (at least one: 请至少选择一条数据！). Every opening starts afresh.
 * Props: `open`, `excludes` (banks not offered), `isExam` / `isTrain` (only banks with that flag),
 * `single` (radio instead of checkboxes), `title`, `onOk(banks)`, `onCancel`. Needs repo:list.
 */
import { useState, type HTMLAttributes } from 'react';
import { App, Button, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { repoApi, type RepoRecord } from '@kaopei/contracts/repo';
import { call } from '../api/request';
import { SELECT_ONE, usePagedList } from './paging';
import { mergePageSelection, withoutId } from './user-selection';

/** What the picker answers per bank. */
export type PickedRepo = Pick<RepoRecord, 'id' | 'title' | 'quCount' | 'objCount' | 'subjCount'>;

export interface RepoPickerProps {
  open: boolean;
  excludes?: readonly string[];
  isExam?: 0 | 1;
  isTrain?: 0 | 1;
  single?: boolean;
  title?: string;
  onOk: (banks: PickedRepo[]) => void;
  onCancel: () => void;
}

interface Filters {
  title?: string;
  excludes: string[];
  isExam?: 0 | 1;
  isTrain?: 0 | 1;
}

const COLUMNS: TableColumnsType<RepoRecord> = [
  { title: '题库名称', dataIndex: 'title', ellipsis: true },
  { title: '试题数', dataIndex: 'quCount', width: 90, align: 'center' },
  { title: '客观题', dataIndex: 'objCount', width: 90, align: 'center' },
  { title: '主观题', dataIndex: 'subjCount', width: 90, align: 'center' },
];

/** The brief of a bank row. */
const pick = (r: RepoRecord): PickedRepo => ({ id: r.id, title: r.title, quCount: r.quCount, objCount: r.objCount, subjCount: r.subjCount });

/** The paging params of the picker (blank title and empty excludes left out). */
export function repoPickerParams(f: Filters) {
  const title = f.title?.trim();
  return {
    ...(title ? { title } : {}),
    ...(f.excludes.length ? { excludes: [...new Set(f.excludes)] } : {}),
    ...(f.isExam !== undefined ? { isExam: f.isExam } : {}),
    ...(f.isTrain !== undefined ? { isTrain: f.isTrain } : {}),
  };
}

function DialogBody({ excludes, isExam, isTrain, single, title, onOk, onCancel }: Omit<RepoPickerProps, 'open'>) {
  const { message } = App.useApp();
  const list = usePagedList<Filters, RepoRecord>('repo-picker-paging', (current, size, f) => call(repoApi.paging, { current, size, params: repoPickerParams(f) }), {
    excludes: [...new Set(excludes ?? [])].sort(),
    isExam,
    isTrain,
  });
  const [selected, setSelected] = useState<ReadonlyMap<string, PickedRepo>>(new Map());
  const [keyword, setKeyword] = useState('');
  const rows = list.query.data?.records ?? [];
  const { params, search } = list.paging;
  const tick = (keys: readonly string[]) => setSelected((s) => (single ? new Map(rows.filter((r) => keys.includes(r.id)).map((r) => [r.id, pick(r)])) : mergePageSelection(s, rows.map(pick), keys)));
  const toggle = (r: RepoRecord) => setSelected((s) => (s.has(r.id) ? withoutId(s, r.id) : single ? new Map([[r.id, pick(r)]]) : mergePageSelection(s, [pick(r)], [r.id])));

  const confirm = () => {
    if (selected.size === 0) return void message.warning(SELECT_ONE);
    onOk([...selected.values()]);
  };

  return (
    <Modal
      open
      title={title}
      width={800}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={confirm} data-testid="repo-picker-ok">
          确定{selected.size ? `（已选 ${selected.size} 个）` : ''}
        </Button>,
      ]}
    >
      <div data-testid="repo-picker">
        <Space.Compact className="list-filter" style={{ width: '100%', maxWidth: 360 }}>
          <Input placeholder="搜索题库名称" allowClear maxLength={100} value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={() => search({ ...params, title: keyword })} data-testid="repo-picker-search" />
          <Button type="primary" icon={<SearchOutlined />} onClick={() => search({ ...params, title: keyword })}>
            查询
          </Button>
        </Space.Compact>
        <div style={{ minHeight: 32, marginBottom: 8 }}>
          {selected.size === 0 ? (
            <Typography.Text type="secondary">尚未选择题库</Typography.Text>
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
        <Table<RepoRecord>
          rowKey="id"
          size="small"
          columns={COLUMNS}
          dataSource={rows}
          loading={list.query.isFetching}
          pagination={list.paging.pagination(list.query.data?.total)}
          rowSelection={{ type: single ? 'radio' : 'checkbox', selectedRowKeys: [...selected.keys()], preserveSelectedRowKeys: true, onChange: (keys) => tick(keys.map(String)) }}
          onRow={(r) => ({ onClick: () => toggle(r), style: { cursor: 'pointer' }, 'data-testid': `repo-picker-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
          scroll={{ y: 360 }}
        />
      </div>
    </Modal>
  );
}

/** The picker; see the file comment. */
export function RepoPicker({ open, title = '选择题库', ...rest }: RepoPickerProps) {
  return open ? <DialogBody title={title} {...rest} /> : null;
}
