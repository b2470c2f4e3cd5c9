/**
 * Spreadsheet import dialog (SPEC §2 "spreadsheet import with template download", §5 uploads: .xlsx,
 * one file; §8 import): download the template (试题导入模板.xlsx), choose a bank (optional — empty
 * means "按文件中的所属题库"), choose the file, import. Success shows 数据导入成功！ and the imported
 * count; a refused file (20010009) lists every row error (行号 / 错误信息); any other non-zero code
 * shows the server msg in the dialog.
 */
import { useRef, useState } from 'react';
import { Alert, App, Button, Form, Modal, Space, Table, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ErrorCode, type ImportError, type ImportRes } from '@kaopei/contracts';
import { quApi } from '../../../api/qu';
import { isApiError } from '../../../api/request';
import { RepoSelect } from '../../../components/RepoSelect';

interface Props {
  open: boolean;
  defaultRepoId?: string;
  onClose: () => void;
  onImported: () => void;
}

type Outcome = { kind: 'ok'; imported: number } | { kind: 'refused'; msg: string; errors: ImportError[] } | { kind: 'error'; msg: string };

const SUCCESS_MSG = '数据导入成功！';

function asImportRes(data: unknown): ImportRes | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Partial<ImportRes>;
  return Array.isArray(d.errors) ? { imported: d.imported ?? 0, errors: d.errors } : null;
}

export function ImportDialog({ open, defaultRepoId, onClose, onImported }: Props) {
  const { message } = App.useApp();
  const [repoId, setRepoId] = useState<string | undefined>(defaultRepoId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const reset = () => {
    setFile(null);
    setFileError('');
    setOutcome(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const pick = (files: FileList | null) => {
    setOutcome(null);
    const list = Array.from(files ?? []);
    if (list.length > 1) {
      setFileError('每次只能上传 1 个文件');
      setFile(null);
      return;
    }
    const f = list[0] ?? null;
    if (f && !f.name.toLowerCase().endsWith('.xlsx')) {
      setFileError('只能上传.xlsx格式的文件！');
      setFile(null);
      return;
    }
    setFileError('');
    setFile(f);
  };

  const submit = async () => {
    if (!file) {
      setFileError('请选择要导入的文件！');
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const res = await quApi.importFile(file, repoId);
      setOutcome({ kind: 'ok', imported: res?.imported ?? 0 });
      message.success(SUCCESS_MSG);
      onImported();
    } catch (err) {
      if (isApiError(err, ErrorCode.IMPORT_INVALID)) {
        setOutcome({ kind: 'refused', msg: err.message, errors: asImportRes(err.data)?.errors ?? [] });
      } else if (isApiError(err) && err.code > 0) {
        const errors = asImportRes(err.data)?.errors ?? [];
        setOutcome(errors.length ? { kind: 'refused', msg: err.message, errors } : { kind: 'error', msg: err.message });
      }
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await quApi.downloadTemplate();
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
      onCancel={() => {
        reset();
        onClose();
      }}
      afterOpenChange={(visible) => {
        if (visible) setRepoId(defaultRepoId);
      }}
      footer={[
        <Button
          key="close"
          onClick={() => {
            reset();
            onClose();
          }}
        >
          关闭
        </Button>,
        <Button key="submit" type="primary" icon={<UploadOutlined />} loading={busy} onClick={submit} data-testid="import-submit">
          导入
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label="导入模板">
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={downloadTemplate} data-testid="import-template">
            下载导入模板
          </Button>
        </Form.Item>
        <Form.Item label="导入到题库" extra="不选择时按文件中的“所属题库”列导入（题库不存在时自动创建）">
          <div data-testid="import-repo">
            <RepoSelect value={repoId} onChange={(v) => setRepoId(v)} allowClear placeholder="按文件中的所属题库" style={{ width: '100%' }} testIdPrefix="import-repo-option" />
          </div>
        </Form.Item>
        <Form.Item label="试题文件（.xlsx，每次1个）" validateStatus={fileError ? 'error' : undefined} help={fileError || undefined}>
          <input
            ref={inputRef}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="import-file"
            className="file-input"
            onChange={(e) => pick(e.target.files)}
          />
        </Form.Item>
      </Form>
      {outcome?.kind === 'ok' ? (
        <Alert
          type="success"
          showIcon
          title={SUCCESS_MSG}
          description={
            <span data-testid="import-result">
              成功导入 <Typography.Text strong>{outcome.imported}</Typography.Text> 道试题
            </span>
          }
        />
      ) : null}
      {outcome?.kind === 'error' ? <div data-testid="import-error-msg"><Alert type="error" showIcon title={outcome.msg} /></div> : null}
      {outcome?.kind === 'refused' ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <div data-testid="import-error-msg">
            <Alert type="error" showIcon title={outcome.msg} />
          </div>
          <div data-testid="import-errors">
          <Table<ImportError & { key: number }>
            size="small"
            rowKey="key"
            dataSource={outcome.errors.map((e, i) => ({ ...e, key: i }))}
            columns={[
              { title: '行号', dataIndex: 'row', width: 90 },
              { title: '错误信息', dataIndex: 'msg' },
            ]}
            pagination={false}
            scroll={{ y: 300 }}
          />
          </div>
        </Space>
      ) : null}
    </Modal>
  );
}
