/**
 * 我的消息, the message centre tab of /web/uc (`?to=msg`; SPEC §2 "Message centre", §4 "Messages"):
 * an unread/read toggle, a paged table (标题, 内容 as a text excerpt, 发送时间), a detail dialog
 * (opening it marks the message read and refreshes the list and the unread count), 标记已读 only on
 * the unread list and only with a selection, and delete with confirmation.
 */
import { useState } from 'react';
import { App, Button, Modal, Radio, Spin, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { msgApi, ReadState, type MsgRecord } from '@kaopei/contracts/notify';
import { call } from '../../../api/request';
import { ListToolbar, PagedTable } from '../../../components/PagedTable';
import { SELECT_ONE, useDeleteAction, usePagedList } from '../../../components/paging';
import { RichText } from '../../../components/RichText';
import { htmlToText } from '../../../utils/html';
import { UNREAD_KEY } from '../../../components/msg/keys';

/** Lists whose counts change with this one: the header's unread count. */
const ALSO = [UNREAD_KEY];

interface Filters {
  readState: 0 | 1;
}

export default function MsgCenter() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = usePagedList<Filters, MsgRecord>('msg-paging', (current, size, params) => call(msgApi.paging, { current, size, params }), { readState: ReadState.UNREAD }, ALSO);
  const readState = list.paging.params.readState;
  const remove = useDeleteAction((ids) => call(msgApi.userDelete, { ids }), list.refresh);
  const [open, setOpen] = useState(false);
  const detail = useMutation({ mutationFn: (id: string) => call(msgApi.detailForRead, { id }), onSuccess: () => list.refresh() });

  const openDetail = (r: MsgRecord) => {
    setOpen(true);
    detail.mutate(r.id);
  };

  const markRead = async () => {
    if (!list.selected.length) {
      message.warning(SELECT_ONE);
      return;
    }
    try {
      await call(msgApi.markRead, { ids: list.selected });
      message.success('操作成功！');
      list.refresh();
    } catch {
      // shown by the request helper
    }
  };

  const columns: TableColumnsType<MsgRecord> = [
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (_, r) => (
        <Typography.Link onClick={() => openDetail(r)} data-testid={`msg-open-${r.id}`}>
          {r.title}
        </Typography.Link>
      ),
    },
    { title: '内容', dataIndex: 'content', ellipsis: true, render: (_, r) => htmlToText(r.content, 60) },
    { title: '发送时间', dataIndex: 'createTime', width: 170 },
  ];

  return (
    <div data-testid="msg-centre">
      <ListToolbar>
        <Radio.Group
          optionType="button"
          value={readState}
          onChange={(e) => {
            list.setSelected([]);
            list.paging.search({ readState: e.target.value as 0 | 1 });
          }}
          options={[
            { value: ReadState.UNREAD, label: <span data-testid="msg-tab-unread">未读消息</span> },
            { value: ReadState.READ, label: <span data-testid="msg-tab-read">已读消息</span> },
          ]}
        />
        {readState === ReadState.UNREAD ? (
          <Button onClick={() => void markRead()} data-testid="msg-mark-read">
            标记已读
          </Button>
        ) : null}
        <Button danger onClick={() => remove(list.selected)} data-testid="msg-delete">
          删除
        </Button>
      </ListToolbar>
      <PagedTable<MsgRecord> list={list} columns={columns} selectable scroll={{ x: 600 }} />
      <Modal
        open={open}
        title={detail.data?.title ?? '消息详情'}
        width={580}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)} data-testid="msg-detail-close">
            关闭
          </Button>
        }
        afterClose={() => void queryClient.invalidateQueries({ queryKey: [UNREAD_KEY] })}
      >
        <Spin spinning={detail.isPending}>
          {detail.data ? (
            <div data-testid="msg-detail">
              <Typography.Text type="secondary">发送时间：{detail.data.createTime}</Typography.Text>
              <RichText html={detail.data.content} style={{ marginTop: 12 }} />
            </div>
          ) : null}
        </Spin>
      </Modal>
    </div>
  );
}
