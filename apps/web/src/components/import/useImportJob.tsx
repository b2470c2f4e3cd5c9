/**
 * The file import as a background job, shared by every import dialog (questions, users, offline
 * scores; SPEC §2 "spreadsheet import with template download", §5 uploads: one file of the allowed
 * types, §8 import: 数据导入成功！ / the server's msg in the dialog):
 * - `pick` checks the chosen files (one only: '每次只能上传 1 个文件'; the extensions: `badTypeMsg`);
 *   `submit(start)` asks for a file ('请选择要导入的文件！') and starts the job; `startJob(start)` starts
 *   one without a file (a confirmation). A refusal of the call itself (non-zero code) shows its
 *   message in the dialog; transport failures were notified by the request helper.
 * - the job is followed (`useJob`) and, once it ends, turned into the dialog's outcome by `outcomeOf`
 *   (once per job). An outcome of kind 'ok' clears the chosen file (a second click cannot import it
 *   twice), shows 数据导入成功！ and calls `onImported`.
 * `JobProgress` and `RowErrorTable` are the progress bar and the 行号 / 错误信息 table of every dialog.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { App, Progress, Table, Typography } from 'antd';
import { JobState } from '@kaopei/contracts/sys-job';
import { isApiError } from '../../api/request';
import { useJob } from '../useJob';

export const IMPORT_SUCCESS_MSG = '数据导入成功！';
export const NO_FILE_MSG = '请选择要导入的文件！';
export const ONE_FILE_MSG = '每次只能上传 1 个文件';

/** A finished job as `/api/sys/job/detail` answers it. */
export interface FinishedJob {
  state: number;
  message: string;
  result: unknown;
}

/** An outcome the dialog shows; kind 'ok' is a success, kind 'error' a message (the hook's own refusals). */
export type BaseOutcome = { kind: string } | { kind: 'error'; msg: string };

export interface ImportJobOptions<O extends BaseOutcome> {
  /** Allowed file name endings, lower case (`.xlsx`). */
  extensions: readonly string[];
  /** Shown when a file of another type is chosen. */
  badTypeMsg: string;
  /** The finished job → what the dialog shows; `jobId` is the job's (a confirmation refers to it). */
  outcomeOf: (job: FinishedJob, jobId: string) => O;
  onImported: () => void;
}

export function useImportJob<O extends BaseOutcome>({ extensions, badTypeMsg, outcomeOf, onImported }: ImportJobOptions<O>) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<O | { kind: 'error'; msg: string } | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [settled, setSettled] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const view = useJob(jobId).data;
  const latest = useRef({ outcomeOf, onImported });
  latest.current = { outcomeOf, onImported };

  const clearFile = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };
  /** Back to the empty dialog (call on close). */
  const reset = () => {
    clearFile();
    setFileError('');
    setOutcome(null);
    setJobId(null);
    setBusy(false);
  };

  useEffect(() => {
    if (!view || !jobId || settled === jobId || view.state < JobState.DONE) return;
    setSettled(jobId);
    setBusy(false);
    const next = latest.current.outcomeOf(view, jobId);
    setOutcome(next);
    if (next.kind === 'ok') {
      clearFile();
      message.success(IMPORT_SUCCESS_MSG);
      latest.current.onImported();
    }
  }, [view, jobId, settled, message]);

  const pick = (files: FileList | null) => {
    setOutcome(null);
    const list = Array.from(files ?? []);
    const f = list[0] ?? null;
    if (list.length > 1) {
      setFileError(ONE_FILE_MSG);
      setFile(null);
    } else if (f && !extensions.some((ext) => f.name.toLowerCase().endsWith(ext))) {
      setFileError(badTypeMsg);
      setFile(null);
    } else {
      setFileError('');
      setFile(f);
    }
  };

  /** Starts a job (an upload or a confirmation). */
  const startJob = async (start: () => Promise<{ jobId: string }>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setJobId((await start()).jobId);
    } catch (err) {
      setBusy(false);
      if (isApiError(err) && err.code > 0) setOutcome({ kind: 'error', msg: err.message });
    }
  };

  /** Uploads the chosen file with `start(file)`; asks for one when none is chosen. */
  const submit = (start: (file: File) => Promise<{ jobId: string }>) => {
    if (!file) {
      setFileError(NO_FILE_MSG);
      return;
    }
    void startJob(() => start(file));
  };

  return {
    file,
    fileError,
    busy,
    outcome,
    /** The job while it runs (for `JobProgress`), else null. */
    running: busy && view && view.state < JobState.DONE ? view : null,
    pick,
    submit,
    startJob,
    reset,
    /** Props of the `<input type="file">`. */
    inputProps: { ref: inputRef, type: 'file' as const, className: 'file-input', onChange: (e: ChangeEvent<HTMLInputElement>) => pick(e.target.files) },
  };
}

/** The running job's progress bar and message. */
export function JobProgress({ job, testId }: { job: { progress: number; message: string; state_dictText?: string } | null; testId: string }) {
  if (!job) return null;
  return (
    <div data-testid={testId}>
      <Progress percent={job.progress} status="active" />
      <Typography.Text type="secondary">{job.message || job.state_dictText}</Typography.Text>
    </div>
  );
}

/** 行号 / 错误信息 of a refused file; `total` above the listed count adds the "only the first N" line. */
export function RowErrorTable({ errors, total, testId }: { errors: { row: number; msg: string }[]; total?: number; testId: string }) {
  return (
    <div data-testid={testId}>
      <Table<{ row: number; msg: string; key: number }>
        size="small"
        rowKey="key"
        dataSource={errors.map((e, i) => ({ ...e, key: i }))}
        columns={[
          { title: '行号', dataIndex: 'row', width: 90 },
          { title: '错误信息', dataIndex: 'msg' },
        ]}
        pagination={false}
        scroll={{ y: 300 }}
      />
      {total !== undefined && total > errors.length ? <Typography.Text type="secondary">仅列出前 {errors.length} 处错误，请改正后重新导入。</Typography.Text> : null}
    </div>
  );
}
