/**
 * Spreadsheet import dialog (SPEC §2 "spreadsheet import with template download", §5 uploads: .xlsx,
 * one file; §8 import): download the template (试题导入模板.xlsx), choose a bank (optional — empty
 * means "按文件中的所属题库"), choose the file, import.
 *
 * The import runs as a background job (components/import/useImportJob.tsx): the upload answers a
 * job id and the dialog shows the job's progress bar until it ends. Then: success shows 数据导入成功！ with
 * the count and clears the chosen file (a second click cannot import it twice); a refused file lists
 * every row error (行号 / 错误信息); questions the bank already holds are listed and the dialog asks
 * whether to skip them or import them again; a failed job or a non-zero code shows its message.
 *
 * Besides the spreadsheet it takes Moodle XML (.xml), GIFT (.gift/.txt) and Aiken (.txt) files: the
 * format select says which (自动识别: from the extension); after such an import the questions that
 * could not be mapped (序号 / 类型 / 名称 / 原因) and those imported with a change are listed.
 */
import { useState } from 'react';
import { Alert, Button, Form, Modal, Select, Space, Table, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { IMPORT_EXTENSIONS, IMPORT_FORMAT_LABEL, IMPORT_FORMATS, importResult, quApi, type ImportDuplicate, type ImportError, type ImportFormat, type ImportUnmapped } from '@kaopei/contracts/qu';
import { JobState } from '@kaopei/contracts/sys-job';
import { call, download, upload } from '../../../api/request';
import { RepoSelect } from '../../../components/RepoSelect';
import { htmlToText } from '../../../utils/html';
import { IMPORT_SUCCESS_MSG, JobProgress, RowErrorTable, useImportJob, type FinishedJob } from '../../../components/import/useImportJob';

interface Props {
  open: boolean;
  defaultRepoId?: string;
  onClose: () => void;
  onImported: () => void;
}

type Outcome =
  | { kind: 'ok'; imported: number; skipped: number; unmapped: ImportUnmapped[]; notes: ImportUnmapped[] }
  | { kind: 'refused'; msg: string; errors: ImportError[]; unmapped: ImportUnmapped[] }
  | { kind: 'duplicates'; jobId: string; count: number; list: ImportDuplicate[] }
  | { kind: 'error'; msg: string };

const FORMAT_OPTIONS = [{ value: '', label: '自动识别（按文件扩展名）' }, ...IMPORT_FORMATS.map((f) => ({ value: f, label: IMPORT_FORMAT_LABEL[f] }))];

/** The per-question report of a Moodle XML / GIFT / Aiken import. */
function UnmappedTable({ list, testId }: { list: ImportUnmapped[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <Table<ImportUnmapped & { key: number }>
        size="small"
        rowKey="key"
        dataSource={list.map((u, i) => ({ ...u, key: i }))}
        columns={[
          { title: '序号', dataIndex: 'no', width: 70 },
          { title: '类型', dataIndex: 'type', width: 110 },
          { title: '名称', dataIndex: 'name', width: 160, ellipsis: true, render: (n: string) => htmlToText(n, 40) },
          { title: '原因', dataIndex: 'reason' },
        ]}
        pagination={false}
        scroll={{ y: 240 }}
      />
    </div>
  );
}
/** The question import's finished job → what the dialog shows. */
function outcomeOf(view: FinishedJob, jobId: string): Outcome {
  const parsed = importResult.safeParse(view.result);
  if (view.state === JobState.FAILED || !parsed.success) return { kind: 'error', msg: view.message || '导入失败！' };
  const r = parsed.data;
  if (r.errors.length) {
    const msg = r.errors[0]?.row === 0 && r.totalErrors === 1 ? r.errors[0].msg : `导入数据有误，共${r.totalErrors}处错误，未导入任何试题！`;
    return { kind: 'refused', msg, errors: r.errors, unmapped: r.unmapped };
  }
  if (r.needConfirm) return { kind: 'duplicates', jobId, count: r.duplicates, list: r.duplicateList };
  return { kind: 'ok', imported: r.imported, skipped: r.skipped, unmapped: r.unmapped, notes: r.notes };
}

export function ImportDialog({ open, defaultRepoId, onClose, onImported }: Props) {
  const [repoId, setRepoId] = useState<string | undefined>(defaultRepoId);
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [downloading, setDownloading] = useState(false);
  const imp = useImportJob({ extensions: IMPORT_EXTENSIONS, badTypeMsg: '只能上传.xlsx、.xml、.gift或.txt格式的文件！', outcomeOf, onImported });
  const { outcome, busy } = imp;
  const close = () => {
    imp.reset();
    onClose();
  };

  const submit = () => imp.submit((file) => upload(quApi.import, file, { repoId, ...(format ? { format } : {}) }, { quiet: true }));

  const confirm = (dupMode: 'skip' | 'import') => {
    if (outcome?.kind !== 'duplicates') return;
    const asked = outcome.jobId;
    void imp.startJob(() => call(quApi.importConfirm, { jobId: asked, dupMode }, { quiet: true }));
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await download(quApi.template);
    } catch {
      // shown by the request helper
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      open={open}
      title="导入试题"
      width={680}
      onCancel={close}
      afterOpenChange={(visible) => {
        if (visible) setRepoId(defaultRepoId);
      }}
      footer={[
        <Button key="close" onClick={close}>
          关闭
        </Button>,
        <Button key="submit" type="primary" icon={<UploadOutlined />} loading={busy} disabled={outcome?.kind === 'duplicates'} onClick={submit} data-testid="import-submit">
          导入
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label="导入模板" extra="模板包含全部七种题型的示例；第二个工作表“填写说明”逐列说明填写方法">
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={downloadTemplate} data-testid="import-template">
            下载导入模板
          </Button>
        </Form.Item>
        <Form.Item label="导入到题库" extra="不选择时按文件中的“所属题库”列导入（题库不存在时自动创建）">
          <div data-testid="import-repo">
            <RepoSelect value={repoId} onChange={(v) => setRepoId(v)} allowClear placeholder="按文件中的所属题库" style={{ width: '100%' }} testIdPrefix="import-repo-option" />
          </div>
        </Form.Item>
        <Form.Item label="文件格式" extra="Moodle XML、GIFT、Aiken文件的第一级分类作为题库（未选择题库时），下级分类作为章节">
          <Select<ImportFormat | ''> value={format} onChange={setFormat} options={FORMAT_OPTIONS} data-testid="import-format" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item label="试题文件（.xlsx、.xml、.gift、.txt，每次1个）" validateStatus={imp.fileError ? 'error' : undefined} help={imp.fileError || undefined}>
          <input {...imp.inputProps} accept={IMPORT_EXTENSIONS.join(',')} data-testid="import-file" />
        </Form.Item>
      </Form>
      <JobProgress job={imp.running} testId="import-progress" />
      {outcome?.kind === 'ok' ? (
        <Alert
          type="success"
          showIcon
          title={IMPORT_SUCCESS_MSG}
          description={
            <span data-testid="import-result">
              成功导入 <Typography.Text strong>{outcome.imported}</Typography.Text> 道试题
              {outcome.skipped ? `，跳过重复试题 ${outcome.skipped} 道` : ''}
              {outcome.unmapped.length ? `，${outcome.unmapped.length} 道试题无法转换未导入` : ''}
            </span>
          }
        />
      ) : null}
      {outcome?.kind === 'ok' && outcome.unmapped.length ? <UnmappedTable list={outcome.unmapped} testId="import-unmapped" /> : null}
      {outcome?.kind === 'ok' && outcome.notes.length ? (
        <>
          <Typography.Text type="secondary">以下试题已导入，但有内容做了调整：</Typography.Text>
          <UnmappedTable list={outcome.notes} testId="import-notes" />
        </>
      ) : null}
      {outcome?.kind === 'duplicates' ? (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="import-duplicates">
          <Alert
            type="warning"
            showIcon
            title={`发现 ${outcome.count} 道重复试题（题库中已有题型和内容都相同的试题），尚未导入任何试题。`}
            description="请选择跳过这些重复试题，或仍然全部导入。"
          />
          <Table<ImportDuplicate & { key: number }>
            size="small"
            rowKey="key"
            dataSource={outcome.list.map((d, i) => ({ ...d, key: i }))}
            columns={[
              { title: '行号', dataIndex: 'row', width: 90 },
              { title: '题库', dataIndex: 'repoTitle', width: 160 },
              { title: '题目内容', dataIndex: 'content', ellipsis: true, render: (c: string) => htmlToText(c, 80) },
            ]}
            pagination={false}
            scroll={{ y: 240 }}
          />
          <Space>
            <Button type="primary" loading={busy} onClick={() => confirm('skip')} data-testid="import-skip-dup">
              跳过重复试题
            </Button>
            <Button loading={busy} onClick={() => confirm('import')} data-testid="import-keep-dup">
              仍然导入
            </Button>
          </Space>
        </Space>
      ) : null}
      {outcome?.kind === 'error' ? <div data-testid="import-error-msg"><Alert type="error" showIcon title={outcome.msg} /></div> : null}
      {outcome?.kind === 'refused' ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <div data-testid="import-error-msg">
            <Alert type="error" showIcon title={outcome.msg} />
          </div>
          <RowErrorTable errors={outcome.errors} testId="import-errors" />
          {outcome.unmapped.length ? <UnmappedTable list={outcome.unmapped} testId="import-unmapped" /> : null}
        </Space>
      ) : null}
    </Modal>
  );
}
