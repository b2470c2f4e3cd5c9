/**
 * One thread of a class's 讨论区 in a dialog: title, author, content (sanitised HTML), the replies
 * (paged, oldest first; delete for the author or a moderator, with confirmation) and a reply box
 * (plain text, at most REPLY_MAX characters). `onChanged` after a reply or a deletion (the list's
 * counts move).
 */
import { useState } from 'react';
import { App, Button, Divider, Empty, Input, List, Modal, Spin, Typography, type PaginationProps as PaginationConfig, type TablePaginationConfig } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DISCUSS_MSG, discussApi, REPLY_MAX, type ReplyRecord } from '@kaopei/contracts/discuss';
import { call } from '../../../api/request';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { RichText } from '../../../components/RichText';

/** The table pagination props as a List takes them (a List has no list of positions). */
function listPagination({ position: _position, ...rest }: TablePaginationConfig): PaginationConfig {
  return rest as PaginationConfig;
}

interface Props {
  threadId: string;
  onClose: () => void;
  onChanged: () => void;
}

export function ThreadView({ threadId, onClose, onChanged }: Props) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const thread = useQuery({ queryKey: ['discuss-thread', threadId], queryFn: () => call(discussApi.threadDetail, { id: threadId }), retry: false });
  const replies = usePagedList<Record<string, never>, ReplyRecord>(`discuss-replies-${threadId}`, (current, size) => call(discussApi.replyPaging, { current, size, params: { threadId } }), {});
  const canManage = thread.data?.canManage ?? false;
  const changed = () => {
    replies.refresh();
    void thread.refetch();
    onChanged();
  };
  const remove = useDeleteAction((ids) => call(discussApi.replyDelete, { ids }), changed);

  const send = async () => {
    if (!text.trim()) {
      message.warning(DISCUSS_MSG.reply);
      return;
    }
    setSending(true);
    try {
      await call(discussApi.replySave, { threadId, content: text.trim() });
      message.success('回复成功！');
      setText('');
      changed();
    } catch {
      // shown by the request helper
    } finally {
      setSending(false);
    }
  };

  const t = thread.data;
  const page = replies.query.data;
  return (
    <Modal open title={t?.title ?? '主题'} width={800} footer={null} onCancel={onClose} destroyOnHidden data-testid="discuss-thread-view">
      {thread.isLoading ? (
        <Spin />
      ) : !t ? (
        <Empty description="主题不存在或已被删除！" />
      ) : (
        <>
          <Typography.Text type="secondary">
            {t.realName || t.userName} 发表于 {t.createTime} · {t.replyCount} 条回复
          </Typography.Text>
          <RichText html={t.content} style={{ marginTop: 12 }} data-testid="discuss-thread-content" />
          <Divider titlePlacement="start">回复</Divider>
          <List<ReplyRecord>
            loading={replies.query.isFetching}
            dataSource={page?.records ?? []}
            locale={{ emptyText: '暂无回复' }}
            pagination={page && page.total > 0 ? listPagination(replies.paging.pagination(page.total)) : false}
            renderItem={(r, i) => (
              <List.Item
                data-testid={`discuss-reply-${i}`}
                actions={
                  canManage || r.mine
                    ? [
                        <Button key="del" type="link" size="small" danger onClick={() => remove([r.id])} data-testid={`discuss-reply-delete-${i}`}>
                          删除
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta title={`${r.realName || r.userName} · ${r.createTime}`} description={<span style={{ whiteSpace: 'pre-wrap' }}>{r.content}</span>} />
              </List.Item>
            )}
          />
          <Input.TextArea rows={3} maxLength={REPLY_MAX} showCount value={text} onChange={(e) => setText(e.target.value)} placeholder="写下你的回复" style={{ marginTop: 12 }} data-testid="discuss-reply-input" />
          <Button type="primary" loading={sending} onClick={() => void send()} style={{ marginTop: 8 }} data-testid="discuss-reply-send">
            回复
          </Button>
        </>
      )}
    </Modal>
  );
}
