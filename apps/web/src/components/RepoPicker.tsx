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
import type { TableColumnsType } from 'antd';
import { repoApi, type RepoRecord } from '@kaopei/contracts/repo';
import { call } from '../api/request';
import { PickerDialog } from './PickerDialog';

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

/** The picker; see the file comment. */
export function RepoPicker({ open, excludes, isExam, isTrain, single, title = '选择题库', onOk, onCancel }: RepoPickerProps) {
  if (!open) return null;
  return (
    <PickerDialog<Filters, RepoRecord, PickedRepo>
      testId="repo-picker"
      noun="题库"
      columns={COLUMNS}
      queryKey="repo-picker-paging"
      load={(current, size, f) => call(repoApi.paging, { current, size, params: repoPickerParams(f) })}
      initialFilters={{ excludes: [...new Set(excludes ?? [])].sort(), isExam, isTrain }}
      brief={pick}
      single={single}
      title={title}
      onOk={onOk}
      onCancel={onCancel}
    />
  );
}
