/**
 * 信息采集 tab of the learner's class page (/web/webclassapply/info; issue 13): the class's enabled
 * forms (paged) with their window and whether the learner has submitted; 填写 / 查看 opens the form
 * in a dialog (the same XdscFill as the phone page /m/info/cj).
 */
import { useState } from 'react';
import { Button, Modal, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { xdscApi, type XdscLearnerRecord } from '@kaopei/contracts/xdsc';
import { call } from '../../../api/request';
import { usePagedList } from '../../../components/paging';
import type { ClassSectionProps } from '../train-class/sections';
import { XdscFill } from './XdscFill';

function FillDialog({ id, onClose, onSubmitted }: { id: string | null; onClose: () => void; onSubmitted: () => void }) {
  const q = useQuery({ queryKey: ['xdsc-learner', id], queryFn: () => call(xdscApi.detailLearner, { id: id ?? '' }), enabled: Boolean(id), gcTime: 0 });
  return (
    <Modal open={Boolean(id)} title={q.data?.title ?? '信息采集'} width={640} footer={null} onCancel={onClose} destroyOnHidden>
      {q.data ? (
        <XdscFill
          detail={q.data}
          onSubmitted={() => {
            void q.refetch();
            onSubmitted();
          }}
        />
      ) : (
        '加载中…'
      )}
    </Modal>
  );
}

export default function ClassXdscSection({ detail }: ClassSectionProps) {
  const classId = detail.id;
  const list = usePagedList<{ classId: string }, XdscLearnerRecord>('xdsc-my-list', (current, size, params) => call(xdscApi.myList, { current, size, params }), { classId });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <Table<XdscLearnerRecord>
        rowKey="id"
        size="middle"
        loading={list.query.isFetching}
        dataSource={list.query.data?.records ?? []}
        pagination={list.paging.pagination(list.query.data?.total)}
        data-testid="class-xdsc-table"
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '填写时间', key: 'time', width: 280, render: (_, r) => (r.startTime || r.endTime ? `${r.startTime || '不限'} 至 ${r.endTime || '不限'}` : '不限') },
          { title: '状态', dataIndex: 'phase_dictText', width: 90, render: (v: string, r) => (r.submitted ? <Tag color="green">已提交</Tag> : <Tag>{v}</Tag>) },
          {
            title: '操作', key: 'op', width: 90,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid={`class-xdsc-open-${r.id}`}>
                {r.submitted || r.phase !== 1 ? '查看' : '填写'}
              </Button>
            ),
          },
        ]}
      />
      <FillDialog id={open} onClose={() => setOpen(null)} onSubmitted={list.refresh} />
    </>
  );
}
