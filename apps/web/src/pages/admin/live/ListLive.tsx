/**
 * /admin/course/live — 直播课堂 (issue 13 "Live classroom"): title filter, paged table (标题, 直播时间,
 * 流, 状态, 直播状态 未开始/直播中/已结束, 回放), add/edit dialog, 推流地址 dialog (signed URL with a
 * copy button), 考勤 dialog with export, delete. Buttons per permission (live:class:*).
 */
import { useState } from 'react';
import { Card, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LivePerm, LivePhase, liveApi, type LiveRecord } from '@kaopei/contracts/live-class';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { TitleSearch } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { LiveFormModal } from './LiveFormModal';
import { AttendDialog, PushUrlDialog } from './LiveDialogs';

interface Filters {
  title?: string;
}

const PHASE_COLOR: Record<number, string> = { [LivePhase.NOT_STARTED]: 'blue', [LivePhase.LIVE]: 'red', [LivePhase.ENDED]: 'default' };

export default function ListLive() {
  const { hasPerm } = useAuth();
  const list = usePagedList<Filters, LiveRecord>('live-paging', (current, size, params) => call(liveApi.paging, { current, size, params }), {});
  const [editing, setEditing] = useState<LiveRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [pushOf, setPushOf] = useState<LiveRecord | null>(null);
  const [attendOf, setAttendOf] = useState<LiveRecord | null>(null);
  const remove = useDeleteAction((ids) => call(liveApi.delete, { ids }), list.refresh);

  const openForm = (record: LiveRecord | null) => {
    setEditing(record);
    setFormOpen(true);
  };

  const columns: TableColumnsType<LiveRecord> = [
    { title: '直播标题', dataIndex: 'title', ellipsis: true },
    { title: '直播时间', key: 'time', width: 200, render: (_, r) => `${r.startTime} 至 ${r.endTime.slice(11)}` },
    { title: '流', key: 'stream', width: 160, ellipsis: true, render: (_, r) => `${r.appName}/${r.streamName}` },
    { title: '直播状态', dataIndex: 'phase', width: 100, align: 'center', render: (_, r) => <Tag color={PHASE_COLOR[r.phase]}>{r.phase_dictText}</Tag> },
    { title: '状态', dataIndex: 'state_dictText', width: 80, align: 'center' },
    { title: '回放', dataIndex: 'replayFileId_dictText', width: 140, ellipsis: true, render: (v: string) => v || '-' },
    {
      title: '操作',
      key: 'op',
      width: 240,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={LivePerm.SAVE} onClick={() => openForm(r)} data-testid={`live-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={LivePerm.PUSH} onClick={() => setPushOf(r)} data-testid={`live-push-${r.id}`}>
            推流地址
          </RowAction>
          <RowAction code={LivePerm.ATTEND} onClick={() => setAttendOf(r)} data-testid={`live-attend-${r.id}`}>
            考勤
          </RowAction>
          <RowAction code={LivePerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <TitleSearch placeholder="搜索直播标题" onSearch={(title) => list.paging.search(title ? { title } : {})} />
      <ListToolbar>
        <PermButton code={LivePerm.SAVE} type="primary" icon={<PlusOutlined />} data-testid="live-add" onClick={() => openForm(null)}>
          添加
        </PermButton>
        <BatchDeleteButton code={LivePerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<LiveRecord> list={list} columns={columns} selectable={hasPerm(LivePerm.DELETE)} scroll={{ x: 1100 }} />
      <LiveFormModal open={formOpen} record={editing} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
      <PushUrlDialog record={pushOf} onClose={() => setPushOf(null)} />
      <AttendDialog record={attendOf} onClose={() => setAttendOf(null)} />
    </Card>
  );
}
