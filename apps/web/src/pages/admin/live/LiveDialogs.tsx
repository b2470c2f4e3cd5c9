/**
 * Dialogs of the 直播课堂 list (issue 13): 推流地址 (the signed RTMP ingest URL for the encoder, its
 * server part and stream key for OBS, each with a copy button, and the time the signature names)
 * and 考勤 (the learners of a session with attended time, first and last heartbeat; xlsx export).
 */
import { useState } from 'react';
import { App, Button, Descriptions, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { liveApi, type LiveAttendRecord, type LiveRecord } from '@kaopei/contracts/live-class';
import { call, download } from '../../../api/request';
import { QueryTable } from '../../../components/QueryTable';

/** Seconds as 时:分:秒. */
export function hms(sec: number): string {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = sec % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** One copyable line of the push dialog (a Descriptions item: called as a function, no hooks). */
function copyLine(label: string, value: string, testId: string, copy: (v: string) => void) {
  return (
    <Descriptions.Item key={testId} label={label}>
      <Space.Compact block>
        <Input readOnly value={value} data-testid={testId} />
        <Button icon={<CopyOutlined />} onClick={() => copy(value)} data-testid={`${testId}-copy`}>
          复制
        </Button>
      </Space.Compact>
    </Descriptions.Item>
  );
}

export function PushUrlDialog({ record, onClose }: { record: LiveRecord | null; onClose: () => void }) {
  const { message } = App.useApp();
  const copy = (value: string) => {
    navigator.clipboard.writeText(value).then(
      () => message.success('复制成功！'),
      () => message.warning('复制失败，请手动选择复制'),
    );
  };
  const q = useQuery({ queryKey: ['live-push', record?.id], queryFn: () => call(liveApi.pushUrl, { id: record?.id ?? '' }), enabled: Boolean(record), retry: false, gcTime: 0 });
  return (
    <Modal open={Boolean(record)} title={`推流地址 — ${record?.title ?? ''}`} width={760} onCancel={onClose} footer={null} destroyOnHidden>
      {q.data ? (
        <Descriptions column={1} bordered size="small">
          {copyLine('推流地址', q.data.url, 'live-push-url', copy)}
          {copyLine('服务器（OBS）', q.data.server, 'live-push-server', copy)}
          {copyLine('串流密钥（OBS）', q.data.streamKey, 'live-push-key', copy)}
          <Descriptions.Item label="签名时间戳">{q.data.expireTime}（另加直播域名的鉴权有效时长）</Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{q.isError ? '无法生成推流地址' : '加载中…'}</Typography.Text>
      )}
    </Modal>
  );
}

export function AttendDialog({ record, onClose }: { record: LiveRecord | null; onClose: () => void }) {
  const [current, setCurrent] = useState(1);
  const q = useQuery({
    queryKey: ['live-attend', record?.id, current],
    queryFn: () => call(liveApi.attendance, { current, size: 10, params: { id: record?.id ?? '' } }),
    enabled: Boolean(record),
  });
  const page = q.data ? { ...q.data, records: q.data.records.map((r) => ({ ...r, id: r.userId })) } : undefined;
  return (
    <Modal open={Boolean(record)} title={`考勤 — ${record?.title ?? ''}`} width={820} onCancel={onClose} footer={null} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<DownloadOutlined />} onClick={() => record && void download(liveApi.attendExport, { id: record.id })} data-testid="live-attend-export">
          导出
        </Button>
      </Space>
      <QueryTable<LiveAttendRecord & { id: string }>
        page={page}
        current={current}
        onPage={setCurrent}
        loading={q.isFetching}
        data-testid="live-attend-table"
        columns={[
          { title: '账号', dataIndex: 'userName' },
          { title: '姓名', dataIndex: 'realName' },
          { title: '观看时长', dataIndex: 'attendSec', width: 110, render: (v: number) => hms(v) },
          { title: '首次心跳', dataIndex: 'firstTime', width: 170 },
          { title: '最后心跳', dataIndex: 'lastTime', width: 170 },
        ]}
      />
    </Modal>
  );
}
