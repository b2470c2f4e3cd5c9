/**
 * Exam picker dialog (SPEC §2 "Pickers and selects": exam picker; §7 /api/exam/exam/paging params
 * examType, openType, title, excludes): paged, title search, columns title, examType, openType,
 * time window and state; ticks kept across pages and shown as tags; 确定 answers the chosen exams
 * (at least one: 请至少选择一条数据！). Every opening starts afresh. Props: `open`, `excludes`
 * (exams not offered), `examType` (only that type), `single` (radio), `title`, `onOk(exams)`,
 * `onCancel`. Needs exam:list.
 */
import type { TableColumnsType } from 'antd';
import { examApi, type ExamRecord } from '@kaopei/contracts/exam';
import { call } from '../api/request';
import { formatWindow } from '../utils/format';
import { PickerDialog } from './PickerDialog';

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

/** The picker; see the file comment. */
export function ExamPicker({ open, excludes, examType, single, title = '选择考试', onOk, onCancel }: ExamPickerProps) {
  if (!open) return null;
  return (
    <PickerDialog<Filters, ExamRecord, PickedExam>
      testId="exam-picker"
      noun="考试"
      columns={COLUMNS}
      queryKey="exam-picker-paging"
      load={(current, size, f) => call(examApi.paging, { current, size, params: examPickerParams(f) })}
      initialFilters={{ excludes: [...new Set(excludes ?? [])].sort(), examType }}
      brief={pick}
      width={860}
      single={single}
      title={title}
      onOk={onOk}
      onCancel={onCancel}
    />
  );
}
