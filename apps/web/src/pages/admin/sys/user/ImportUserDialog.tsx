/**
 * 导入用户 (SPEC §2 "spreadsheet import with template download", §5 import: .xlsx, one file; §8
 * import: 数据导入成功！ / the server's msg): download the template (用户导入模板.xlsx, columns 账号 |
 * 姓名 | 部门编码 | 手机 | 邮箱 | 身份证号 | 积分 | 角色 | 密码), choose the file, import.
 *
 * The pattern of the question import (pages/admin/qu/ImportDialog.tsx): the upload answers a job id
 * and the dialog shows the job's progress (polling /api/sys/job/detail) until it ends. The import is
 * all or nothing: a file with bad rows imports nobody and every bad row is listed (行号 / 错误信息);
 * success shows the count and clears the chosen file, so a second click cannot import it twice.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Form, Modal, Progress, Space, Table, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { JobState } from '@kaopei/contracts/sys-job';
import { USER_IMPORT_HEADERS, userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { download, isApiError, upload } from '../../../../api/request';
import { outcomeOf, type ImportOutcome, type RowError } from './user-import';
import { useJob } from '../../../../components/useJob';

interface Props {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

const SUCCESS_MSG = '数据导入成功！';
export function ImportUserDialog({ open, onClose, onImported }: Props) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [settled, setSettled] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const job = useJob(jobId);
  const view = job.data;

  const clearFile = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };
  const close = () => {
    clearFile();
    setFileError('');
    setOutcome(null);
    setJobId(null);
    setBusy(false);
    onClose();
  };

  // The job ended: turn its result into what the dialog shows (once per job).
  useEffect(() => {
    if (!view || !jobId || settled === jobId || view.state < JobState.DONE) return;
    setSettled(jobId);
    setBusy(false);
    const next = outcomeOf(view);
    setOutcome(next);
    if (next.kind === 'ok') {
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      message.success(SUCCESS_MSG);
      onImported();
    }
  }, [view, jobId, settled, message, onImported]);

  const pick = (files: FileList | null) => {
    setOutcome(null);
    const list = Array.from(files ?? []);
    const f = list[0] ?? null;
    if (list.length > 1) {
      setFileError('每次只能上传 1 个文件');
      setFile(null);
    } else if (f && !f.name.toLowerCase().endsWith('.xlsx')) {
      setFileError('只能上传.xlsx格式的文件！');
      setFile(null);
    } else {
      setFileError('');
      setFile(f);
    }
  };

  const submit = async () => {
    if (!file) {
      setFileError('请选择要导入的文件！');
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      setJobId((await upload(userAdminApi.import, file, {}, { quiet: true })).jobId);
    } catch (err) {
      setBusy(false);
      // SPEC §8: a non-zero code shows the server's msg in the dialog (transport failures were notified).
      if (isApiError(err) && err.code > 0) setOutcome({ kind: 'error', msg: err.message });
    }
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await download(userAdminApi.importTemplate);
    } catch {
      // shown by the request helper
    } finally {
      setDownloading(false);
    }
  };

  const running = busy && view && view.state < JobState.DONE;

  return (
    <Modal
      open={open}
      title="导入用户"
      width={680}
      onCancel={close}
      footer={[
        <Button key="close" onClick={close}>
          关闭
        </Button>,
        <Button key="submit" type="primary" icon={<UploadOutlined />} loading={busy} onClick={() => void submit()} data-testid="user-import-submit">
          导入
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label="导入模板" extra={`列：${USER_IMPORT_HEADERS.join(' | ')}；任何一行有误时不导入任何用户`}>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadTemplate()} data-testid="user-import-template">
            下载导入模板
          </Button>
        </Form.Item>
        <Form.Item label="用户文件（.xlsx，每次1个）" validateStatus={fileError ? 'error' : undefined} help={fileError || undefined}>
          <input
            ref={inputRef}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="user-import-file"
            className="file-input"
            onChange={(e) => pick(e.target.files)}
          />
        </Form.Item>
      </Form>
      {running ? (
        <div data-testid="user-import-progress">
          <Progress percent={view.progress} status="active" />
          <Typography.Text type="secondary">{view.message || view.state_dictText}</Typography.Text>
        </div>
      ) : null}
      {outcome?.kind === 'ok' ? (
        <Alert
          type="success"
          showIcon
          title={SUCCESS_MSG}
          description={
            <span data-testid="user-import-result">
              成功导入 <Typography.Text strong>{outcome.imported}</Typography.Text> 个用户
            </span>
          }
        />
      ) : null}
      {outcome && outcome.kind !== 'ok' ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <div data-testid="user-import-error-msg">
            <Alert type="error" showIcon title={outcome.msg} />
          </div>
          {outcome.kind === 'refused' ? (
            <div data-testid="user-import-errors">
              <Table<RowError & { key: number }>
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
              {outcome.total > outcome.errors.length ? (
                <Typography.Text type="secondary">仅列出前 {outcome.errors.length} 处错误，请改正后重新导入。</Typography.Text>
              ) : null}
            </div>
          ) : null}
        </Space>
      ) : null}
    </Modal>
  );
}
