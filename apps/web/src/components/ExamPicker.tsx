/**
 * Exam picker dialog (SPEC §2 "Pickers and selects": exam picker; §7 /api/exam/exam/paging params
 * examType, openType, title, excludes): paged, title search, columns title, examType, openType,
 * time window and state; ticks kept across pages and shown as tags; 确定 answers the chosen exams
 * (at least one: 请至少选择一条数据！). Every opening starts afresh. Props: `open`, `excludes`
 * (exams not offered), `examType` (only that type), `single` (radio), `title`, `onOk(exams)`,
 * `onCancel`. Needs exam:list.
 */
import { useState, type HTMLAttributes } from 'react';
import { App, Button, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { examApi, type ExamRecord } from '@kaopei/contracts/exam';
import { call } from '../api/request';
import { formatWindow } from '../utils/format';
import { SELECT_ONE, usePagedList } from './paging';
import { mergePageSelection, withoutId } from './user-selection';

/** What the picker answers per exam. */
export type PickedExam = Pick<ExamRecord, 'id' | 'title' | 'examType' | 'openType' | 'totalScore'>;

export interface ExamPickerProps {
  open: boolean;
  excludes?: readonly string[];
  examType?: 1 | 2;
  single?: boolean;
  title?: string;
  onOk: (exams: PickedExam[]) => void;
  onCancel: () => void;
}

interface Filters {
  title?: string;
  excludes: string[];
  examType?: number;
}

const COLUMNS: TableColumnsType<ExamRecord> = [
  { title: '考试名称', dataIndex: 'title', ellipsis: true },
  { title: '类型', dataIndex: 'examType_dictText', width: 90 },
  { title: '开放类型', dataIndex: 'openType_dictText', width: 90 },
  { title: '考试时间', key: 'window', width: 220, render: (_, r) => formatWindow(r.startTime, r.endTime) },
  { title: '状态', dataIndex: 'state_dictText', width: 70 },
];

const pick = (r: ExamRecord): PickedExam => ({ id: r.id, title: r.title, examType: r.examType, openType: r.openType, totalScore: r.totalScore });

/** The paging params of the picker (blank title and empty excludes left out). */
export function examPickerParams(f: Filters) {
  const title = f.title?.trim();
  return { ...(title ? { title } : {}), ...(f.excludes.length ? { excludes: [...new Set(f.excludes)] } : {}), ...(f.examType ? { examType: f.examType } : {}) };
}

function DialogBody({ excludes, examType, single, title, onOk, onCancel }: Omit<ExamPickerProps, 'open'>) {
  const { message } = App.useApp();
  const list = usePagedList<Filters, ExamRecord>('exam-picker-paging', (current, size, f) => call(examApi.paging, { current, size, params: examPickerParams(f) }), {
    excludes: [...new Set(excludes ?? [])].sort(),
    examType,
  });
  const [selected, setSelected] = useState<ReadonlyMap<string, PickedExam>>(new Map());
  const [keyword, setKeyword] = useState('');
  const rows = list.query.data?.records ?? [];
  const { params, search } = list.paging;
  const tick = (keys: readonly string[]) => setSelected((s) => (single ? new Map(rows.filter((r) => keys.includes(r.id)).map((r) => [r.id, pick(r)])) : mergePageSelection(s, rows.map(pick), keys)));
  const toggle = (r: ExamRecord) => setSelected((s) => (s.has(r.id) ? withoutId(s, r.id) : single ? new Map([[r.id, pick(r)]]) : mergePageSelection(s, [pick(r)], [r.id])));
  const confirm = () => {
    if (selected.size === 0) return void message.warning(SELECT_ONE);
    onOk([...selected.values()]);
  };
  return (
    <Modal
      open
      title={title}
      width={860}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={confirm} data-testid="exam-picker-ok">
          确定{selected.size ? `（已选 ${selected.size} 个）` : ''}
        </Button>,
      ]}
    >
      <div data-testid="exam-picker">
        <Space.Compact className="list-filter" style={{ width: '100%', maxWidth: 360 }}>
          <Input placeholder="搜索考试名称" allowClear maxLength={100} value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={() => search({ ...params, title: keyword })} data-testid="exam-picker-search" />
          <Button type="primary" icon={<SearchOutlined />} onClick={() => search({ ...params, title: keyword })}>
            查询
          </Button>
        </Space.Compact>
        <div style={{ minHeight: 32, marginBottom: 8 }}>
          {selected.size === 0 ? (
            <Typography.Text type="secondary">尚未选择考试</Typography.Text>
          ) : (
            <Space size={[4, 4]} wrap>
              {[...selected.values()].map((e) => (
                <Tag key={e.id} closable onClose={() => setSelected((s) => withoutId(s, e.id))}>
                  {e.title}
                </Tag>
              ))}
            </Space>
          )}
        </div>
        <Table<ExamRecord>
          rowKey="id"
          size="small"
          columns={COLUMNS}
          dataSource={rows}
          loading={list.query.isFetching}
          pagination={list.paging.pagination(list.query.data?.total)}
          rowSelection={{ type: single ? 'radio' : 'checkbox', selectedRowKeys: [...selected.keys()], preserveSelectedRowKeys: true, onChange: (keys) => tick(keys.map(String)) }}
          onRow={(r) => ({ onClick: () => toggle(r), style: { cursor: 'pointer' }, 'data-testid': `exam-picker-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
          scroll={{ y: 360 }}
        />
      </div>
    </Modal>
  );
}

/** The picker; see the file comment. */
export function ExamPicker({ open, title = '选择考试', ...rest }: ExamPickerProps) {
  return open ? <DialogBody title={title} {...rest} /> : null;
}
