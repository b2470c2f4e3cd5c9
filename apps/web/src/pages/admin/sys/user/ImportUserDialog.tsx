/**
 * 导入用户 (SPEC §2 "spreadsheet import with template download", §5 import: .xlsx, one file; §8
 * import: 数据导入成功！ / the server's msg): download the template (用户导入模板.xlsx, columns 账号 |
 * 姓名 | 部门编码 | 手机 | 邮箱 | 身份证号 | 积分 | 角色 | 密码), choose the file, import.
 *
 * The upload answers a job id and the dialog shows the job's progress until it ends
 * (components/import/useImportJob.tsx, shared by every import dialog). The import is
 * all or nothing: a file with bad rows imports nobody and every bad row is listed (行号 / 错误信息);
 * success shows the count and clears the chosen file, so a second click cannot import it twice.
 */
import { useState } from 'react';
import { Alert, Button, Form, Modal, Space, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { USER_IMPORT_HEADERS, userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { download, upload } from '../../../../api/request';
import { outcomeOf } from './user-import';
import { IMPORT_SUCCESS_MSG, JobProgress, RowErrorTable, useImportJob } from '../../../../components/import/useImportJob';

interface Props {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

export function ImportUserDialog({ open, onClose, onImported }: Props) {
  const [downloading, setDownloading] = useState(false);
  const imp = useImportJob({ extensions: ['.xlsx'], badTypeMsg: '只能上传.xlsx格式的文件！', outcomeOf, onImported });
  const { outcome } = imp;
  const close = () => {
    imp.reset();
    onClose();
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
        <Button
          key="submit"
          type="primary"
          icon={<UploadOutlined />}
          loading={imp.busy}
          onClick={() => imp.submit((file) => upload(userAdminApi.import, file, {}, { quiet: true }))}
          data-testid="user-import-submit"
        >
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
        <Form.Item label="用户文件（.xlsx，每次1个）" validateStatus={imp.fileError ? 'error' : undefined} help={imp.fileError || undefined}>
          <input {...imp.inputProps} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" data-testid="user-import-file" />
        </Form.Item>
      </Form>
      <JobProgress job={imp.running} testId="user-import-progress" />
      {outcome?.kind === 'ok' ? (
        <Alert
          type="success"
          showIcon
          title={IMPORT_SUCCESS_MSG}
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
          {outcome.kind === 'refused' ? <RowErrorTable errors={outcome.errors} total={outcome.total} testId="user-import-errors" /> : null}
        </Space>
      ) : null}
    </Modal>
  );
}
