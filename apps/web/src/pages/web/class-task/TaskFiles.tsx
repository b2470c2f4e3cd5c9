/** The attached files of a task submission as links (opened in a new tab). */
import { Space } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { TaskFile } from '@kaopei/contracts/class-task';

export function TaskFiles({ files }: { files: readonly TaskFile[] }) {
  if (!files.length) return null;
  return (
    <Space wrap size={8}>
      {files.map((f) => (
        <a key={f.url} href={f.url} target="_blank" rel="noreferrer">
          <PaperClipOutlined /> {f.name || f.url.split('/').pop()}
        </a>
      ))}
    </Space>
  );
}
