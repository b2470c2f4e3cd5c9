/**
 * Question picker of the exam form (paper methods 2 select and 3 draw): a dialog over
 * /api/qu/qu/paging filtered by bank, type, level and content, ticks kept across pages; questions
 * already on the exam are shown ticked and disabled. 确定 answers the newly chosen questions (at
 * least one: 请至少选择一条数据！). `QuListEditor` is the form's list of fixed questions with a
 * score each, 批量设分, remove, and the button that opens the picker.
 */
import { useState, type HTMLAttributes } from 'react';
import { App, Button, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { QU_LEVEL_LABEL, QU_TYPE_LABEL, SUPPORTED_QU_TYPES } from '@kaopei/contracts';
import { quApi, type QuRecord } from '@kaopei/contracts/qu';
import { call } from '../../../api/request';
import { RepoSelect } from '../../../components/RepoSelect';
import { SELECT_ONE, usePagedList } from '../../../components/paging';
import { mergePageSelection } from '../../../components/user-selection';
import { htmlToText } from '../../../utils/html';

/** A fixed question of the exam as the form keeps it. */
export interface FixedQu {
  quId: string;
  score: number | null;
  quType: number;
  content: string;
  repoTitle: string;
}

interface Filters {
  repoId?: string;
  quType?: number;
  level?: number;
  content?: string;
}

const COLUMNS: TableColumnsType<QuRecord> = [
  { title: '题干', dataIndex: 'content', ellipsis: true, render: (c: string) => htmlToText(c, 120) },
  { title: '题型', dataIndex: 'quType_dictText', width: 80 },
  { title: '难度', dataIndex: 'level_dictText', width: 70 },
  { title: '题库', dataIndex: 'repoId_dictText', width: 160, ellipsis: true },
];

function PickerBody({ chosen, onOk, onCancel }: { chosen: ReadonlySet<string>; onOk: (rows: QuRecord[]) => void; onCancel: () => void }) {
  const { message } = App.useApp();
  const list = usePagedList<Filters, QuRecord>('qu-picker-paging', (current, size, f) => call(quApi.paging, { current, size, params: f }), {});
  const [selected, setSelected] = useState<ReadonlyMap<string, QuRecord>>(new Map());
  const [draft, setDraft] = useState<Filters>({});
  const rows = list.query.data?.records ?? [];
  const confirm = () => {
    if (selected.size === 0) return void message.warning(SELECT_ONE);
    onOk([...selected.values()]);
  };
  return (
    <Modal
      open
      title="选择试题"
      width={900}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={confirm} data-testid="qu-picker-ok">
          确定{selected.size ? `（已选 ${selected.size} 题）` : ''}
        </Button>,
      ]}
    >
      <div data-testid="qu-picker">
        <Space wrap className="list-filter">
          <div data-testid="qu-picker-repo" style={{ width: 200 }}>
            <RepoSelect allowClear value={draft.repoId} onChange={(v) => setDraft({ ...draft, repoId: v ?? undefined })} style={{ width: '100%' }} testIdPrefix="qu-picker-repo-option" />
          </div>
          <Select<number>
            allowClear
            placeholder="题型"
            style={{ width: 110 }}
            value={draft.quType}
            onChange={(v) => setDraft({ ...draft, quType: v })}
            options={SUPPORTED_QU_TYPES.map((t) => ({ value: t, label: QU_TYPE_LABEL[t] }))}
            data-testid="qu-picker-type"
          />
          <Select<number> allowClear placeholder="难度" style={{ width: 90 }} value={draft.level} onChange={(v) => setDraft({ ...draft, level: v })} options={[1, 2].map((l) => ({ value: l, label: QU_LEVEL_LABEL[l] }))} />
          <Input placeholder="题干内容" allowClear maxLength={200} style={{ width: 180 }} value={draft.content} onChange={(e) => setDraft({ ...draft, content: e.target.value || undefined })} />
          <Button type="primary" icon={<SearchOutlined />} onClick={() => list.paging.search(draft)} data-testid="qu-picker-search">
            查询
          </Button>
        </Space>
        <Table<QuRecord>
          rowKey="id"
          size="small"
          columns={COLUMNS}
          dataSource={rows}
          loading={list.query.isFetching}
          pagination={list.paging.pagination(list.query.data?.total)}
          rowSelection={{
            selectedRowKeys: [...chosen, ...selected.keys()],
            preserveSelectedRowKeys: true,
            getCheckboxProps: (r) => ({ disabled: chosen.has(r.id) }),
            onChange: (keys) => setSelected((s) => mergePageSelection(s, rows.filter((r) => !chosen.has(r.id)), keys.map(String).filter((k) => !chosen.has(k)))),
          }}
          onRow={(r) => ({ 'data-testid': `qu-picker-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
          scroll={{ y: 360 }}
        />
      </div>
    </Modal>
  );
}

/** The picker; mounted only while open, so every opening starts afresh. */
export function QuPicker({ open, ...rest }: { open: boolean; chosen: ReadonlySet<string>; onOk: (rows: QuRecord[]) => void; onCancel: () => void }) {
  return open ? <PickerBody {...rest} /> : null;
}

/** The fixed questions of an exam with their scores (methods 2 and 3). `sameScore`: draw, one score for the whole pool. */
export function QuListEditor({ value, onChange, sameScore }: { value: FixedQu[]; onChange: (next: FixedQu[]) => void; sameScore: boolean }) {
  const [picking, setPicking] = useState(false);
  const [batch, setBatch] = useState<number | null>(null);
  const setScore = (quId: string, score: number | null) => onChange(value.map((q) => (sameScore || q.quId === quId ? { ...q, score } : q)));
  const columns: TableColumnsType<FixedQu> = [
    { title: '序号', key: 'i', width: 60, render: (_, __, i) => i + 1 },
    { title: '题干', dataIndex: 'content', ellipsis: true },
    { title: '题型', dataIndex: 'quType', width: 80, render: (t: number) => QU_TYPE_LABEL[t] ?? '' },
    { title: '题库', dataIndex: 'repoTitle', width: 150, ellipsis: true },
    {
      title: '分数',
      key: 'score',
      width: 110,
      render: (_, q, i) => <InputNumber min={1} max={1000} precision={0} value={q.score} onChange={(v) => setScore(q.quId, typeof v === 'number' ? v : null)} data-testid={`fixed-qu-score-${i}`} />,
    },
    { title: '', key: 'op', width: 50, render: (_, q) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="移除" onClick={() => onChange(value.filter((x) => x.quId !== q.quId))} /> },
  ];
  return (
    <div data-testid="fixed-qu-list">
      <Space wrap style={{ marginBottom: 8 }}>
        <Button icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="fixed-qu-add">
          选择试题
        </Button>
        <InputNumber min={1} max={1000} precision={0} placeholder="每题分数" value={batch} onChange={(v) => setBatch(typeof v === 'number' ? v : null)} data-testid="fixed-qu-batch-score" />
        <Button onClick={() => batch && onChange(value.map((q) => ({ ...q, score: batch })))} data-testid="fixed-qu-batch-apply">
          批量设分
        </Button>
        <Typography.Text type="secondary">
          已选 {value.length} 题{sameScore ? '（抽题组卷：题池中每题分数相同）' : ''}
        </Typography.Text>
      </Space>
      <Table<FixedQu> rowKey="quId" size="small" columns={columns} dataSource={value} pagination={value.length > 20 ? { pageSize: 20 } : false} />
      {value.length === 0 ? <Tag>尚未选择试题</Tag> : null}
      <QuPicker
        open={picking}
        chosen={new Set(value.map((q) => q.quId))}
        onCancel={() => setPicking(false)}
        onOk={(rows) => {
          setPicking(false);
          const score = sameScore ? (value[0]?.score ?? batch) : batch;
          onChange([...value, ...rows.map((r) => ({ quId: r.id, score, quType: r.quType, content: htmlToText(r.content, 120), repoTitle: r.repoId_dictText }))]);
        }}
      />
    </div>
  );
}
