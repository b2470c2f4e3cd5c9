/**
 * A class's 讨论区 (issue 13 "Discussions"; /api/discuss): the paged thread list (pinned first,
 * then the latest activity), 发帖 (title and rich-text content), and a thread's view with its
 * replies (paged, oldest first) and a reply box. The same board serves the learner's class page
 * and the admin's class drawer: the server answers `canManage` for moderators (class in scope and
 * DiscussPerm.MANAGE), who also get 置顶 / 取消置顶 and may delete any post; everybody else deletes
 * only his own (`mine`). Deleting asks for confirmation.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { discussApi, threadSaveReq, type ThreadRecord } from '@kaopei/contracts/discuss';
import { call } from '../../../api/request';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { zodRule } from '../../../utils/zod-rule';
import { ThreadView } from './ThreadView';

export function DiscussBoard({ classId }: { classId: string }) {
  const { message } = App.useApp();
  const [posting, setPosting] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [form] = Form.useForm<{ title: string; content: string }>();
  const list = usePagedList<{ title: string }, ThreadRecord>(
    `discuss-threads-${classId}`,
    (current, size, { title }) => call(discussApi.threadPaging, { current, size, params: { classId, ...(title ? { title } : {}) } }),
    { title: '' },
  );
  const canManage = list.query.data && 'canManage' in list.query.data ? Boolean(list.query.data.canManage) : false;
  const remove = useDeleteAction((ids) => call(discussApi.threadDelete, { ids }), list.refresh);

  const pin = async (r: ThreadRecord) => {
    try {
      await call(discussApi.threadPin, { id: r.id, pinned: !r.pinned });
      message.success(r.pinned ? '已取消置顶' : '已置顶');
      list.refresh();
    } catch {
      // shown by the request helper
    }
  };
  const post = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await call(discussApi.threadSave, { classId, title: v.title.trim(), content: v.content ?? '' });
      message.success('发表成功！');
      setPosting(false);
      form.resetFields();
      list.refresh();
    } catch {
      // shown by the request helper
    }
  };

  const columns: TableColumnsType<ThreadRecord> = [
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, r) => (
        <Space size={4}>
          {r.pinned ? <Tag color="red">置顶</Tag> : null}
          <a onClick={() => setViewing(r.id)} data-testid={`discuss-thread-${r.id}`}>
            {title}
          </a>
        </Space>
      ),
    },
    { title: '作者', dataIndex: 'realName', width: 120, ellipsis: true, render: (n: string, r) => n || r.userName },
    { title: '回复', dataIndex: 'replyCount', width: 70 },
    { title: '最后回复', dataIndex: 'lastReplyTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 150,
      render: (_, r) => (
        <Space size={0}>
          {canManage ? (
            <Button type="link" size="small" onClick={() => void pin(r)} data-testid={`discuss-pin-${r.id}`}>
              {r.pinned ? '取消置顶' : '置顶'}
            </Button>
          ) : null}
          {canManage || r.mine ? (
            <Button type="link" size="small" danger onClick={() => remove([r.id])} data-testid={`discuss-delete-${r.id}`}>
              删除
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="discuss-board">
      <ListToolbar>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPosting(true)} data-testid="discuss-post">
          发帖
        </Button>
        <Input.Search allowClear placeholder="搜索标题" style={{ width: 220 }} onSearch={(title) => list.paging.search({ title: title.trim() })} data-testid="discuss-search" />
      </ListToolbar>
      <PagedTable<ThreadRecord> list={list} columns={columns} scroll={{ x: 700 }} />
      <Modal open={posting} title="发帖" width={720} onCancel={() => setPosting(false)} onOk={post} okText="发表" cancelText="取消" forceRender okButtonProps={{ 'data-testid': 'discuss-post-ok' } as Record<string, string>}>
        <Form form={form} layout="vertical" initialValues={{ title: '', content: '' }}>
          <Form.Item name="title" label="标题" required rules={[zodRule(threadSaveReq.shape.title)]}>
            <Input maxLength={200} placeholder="请输入标题" data-testid="discuss-title" />
          </Form.Item>
          <Form.Item name="content" label="内容" required rules={[zodRule(threadSaveReq.shape.content)]}>
            <RichTextEditor minHeight={160} testId="discuss-content" />
          </Form.Item>
        </Form>
      </Modal>
      {viewing ? <ThreadView threadId={viewing} onClose={() => setViewing(null)} onChanged={list.refresh} /> : null}
    </div>
  );
}
