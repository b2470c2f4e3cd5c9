/**
 * The chapters of one bank (SPEC §7 /api/repo/chapter/*), opened from the bank list (章节): the
 * chapters in their order with their question counts; add and rename (title, unique in the bank),
 * move up / down (/api/repo/chapter/sort with the whole new order), delete with confirmation (the
 * server refuses a chapter that still has questions and says how many), and 试题 opening the
 * question list filtered by the chapter. Changing chapters needs repo:update.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { chapterSaveReq, repoApi, RepoPerm, type ChapterRecord, type RepoRecord } from '@kaopei/contracts/repo';
import { QuPerm } from '@kaopei/contracts/qu';
import { call } from '../../../api/request';
import { PermButton, RowAction, usePerm } from '../../../components/Perm';

interface Props {
  repo: RepoRecord | null;
  onClose: () => void;
}

/** `ids` with the item at `index` moved by `by` places (unchanged when it would leave the list). */
export function moved(ids: readonly string[], index: number, by: number): string[] {
  const to = index + by;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  const [one] = next.splice(index, 1);
  next.splice(to, 0, one as string);
  return next;
}

export function ChapterDialog({ repo, onClose }: Props) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = usePerm();
  const repoId = repo?.id ?? '';
  const list = useQuery({ queryKey: ['chapter-list', repoId], queryFn: () => call(repoApi.chapterList, { repoId }), enabled: Boolean(repo) });
  const [editing, setEditing] = useState<{ id?: string; title: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = list.data ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['chapter-list'] });

  const save = async () => {
    if (!editing) return;
    const parsed = chapterSaveReq.safeParse({ ...(editing.id ? { id: editing.id } : {}), repoId, title: editing.title });
    if (!parsed.success) return void message.warning(parsed.error.issues[0]?.message);
    setBusy(true);
    try {
      await call(repoApi.chapterSave, parsed.data);
      message.success('操作成功！');
      setEditing(null);
      refresh();
    } catch {
      // shown by the request helper
    } finally {
      setBusy(false);
    }
  };

  const move = async (index: number, by: number) => {
    setBusy(true);
    try {
      await call(repoApi.chapterSort, { repoId, ids: moved(rows.map((r) => r.id), index, by) });
      refresh();
    } catch {
      refresh();
    } finally {
      setBusy(false);
    }
  };

  const remove = (r: ChapterRecord) =>
    modal.confirm({
      title: '提示',
      content: `确实要删除章节「${r.title}」吗?`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(repoApi.chapterDelete, { ids: [r.id] });
          message.success('删除成功！');
          refresh();
        } catch {
          // shown by the request helper (a chapter with questions names their count)
        }
      },
    });

  const columns: TableColumnsType<ChapterRecord> = [
    { title: '序号', key: 'no', width: 60, render: (_, __, i) => i + 1 },
    { title: '章节名称', dataIndex: 'title', ellipsis: true },
    { title: '试题数', dataIndex: 'quCount', width: 80, align: 'center' },
    {
      title: '操作',
      key: 'op',
      width: 230,
      render: (_, r, i) => (
        <Space size={0}>
          {can(RepoPerm.UPDATE) ? (
            <>
              <Tooltip title="上移">
                <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label="上移" disabled={i === 0 || busy} onClick={() => void move(i, -1)} />
              </Tooltip>
              <Tooltip title="下移">
                <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label="下移" disabled={i === rows.length - 1 || busy} onClick={() => void move(i, 1)} />
              </Tooltip>
            </>
          ) : null}
          <RowAction code={QuPerm.LIST} onClick={() => navigate(`/admin/exam/qu?repoId=${encodeURIComponent(repoId)}&chapterId=${encodeURIComponent(r.id)}`)}>
            试题
          </RowAction>
          <RowAction code={RepoPerm.UPDATE} onClick={() => setEditing({ id: r.id, title: r.title })} data-testid={`chapter-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={RepoPerm.UPDATE} danger onClick={() => remove(r)} data-testid={`chapter-delete-${r.id}`}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Modal open={Boolean(repo)} title={`章节管理：${repo?.title ?? ''}`} width={760} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="chapter-dialog">
        {editing ? (
          <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
            <Input
              autoFocus
              placeholder="请输入章节名称"
              maxLength={200}
              value={editing.title}
              onChange={(e) => setEditing({ ...editing, title: e.target.value })}
              onPressEnter={() => void save()}
              data-testid="chapter-title"
            />
            <Button type="primary" loading={busy} onClick={() => void save()} data-testid="chapter-save">
              保存
            </Button>
            <Button onClick={() => setEditing(null)}>取消</Button>
          </Space.Compact>
        ) : (
          <PermButton code={RepoPerm.UPDATE} type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setEditing({ title: '' })} data-testid="chapter-add">
            添加章节
          </PermButton>
        )}
        <Table<ChapterRecord> rowKey="id" size="small" columns={columns} dataSource={rows} loading={list.isFetching} pagination={false} scroll={{ y: 420 }} />
      </div>
    </Modal>
  );
}
