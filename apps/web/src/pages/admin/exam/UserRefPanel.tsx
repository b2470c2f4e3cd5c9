/**
 * The people an exam of open type 3 is open to (/api/exam/exam/user-ref/paging, join, remove with
 * `{refId, ids}`): a paged list with 移除, and 添加人员 through the shared user-select dialog
 * (already listed people are offered again but join skips them).
 */
import { useState } from 'react';
import { App, Button, Space, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { examApi } from '@kaopei/contracts/exam';
import { call } from '../../../api/request';
import { usePagedList } from '../../../components/paging';
import { UserSelectDialog } from '../../../components/UserSelect';

interface RefRow {
  id: string;
  userName: string;
  realName: string;
  deptCode: string;
}

export function UserRefPanel({ examId }: { examId: string }) {
  const { message } = App.useApp();
  const list = usePagedList<{ refId: string }, RefRow>('exam-user-ref', (current, size, p) => call(examApi.userRefPaging, { current, size, params: p }), { refId: examId });
  const [adding, setAdding] = useState(false);
  const remove = async (ids: string[]) => {
    const { removed } = await call(examApi.userRefRemove, { refId: examId, ids });
    message.success(`已移除 ${removed} 人`);
    list.refresh();
  };
  const columns: TableColumnsType<RefRow> = [
    { title: '用户名', dataIndex: 'userName' },
    { title: '姓名', dataIndex: 'realName' },
    { title: '部门编码', dataIndex: 'deptCode', width: 140 },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, r) => (
        <Button type="link" danger size="small" onClick={() => void remove([r.id])} data-testid={`exam-user-remove-${r.id}`}>
          移除
        </Button>
      ),
    },
  ];
  return (
    <div data-testid="exam-user-ref">
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="exam-user-add">
          添加人员
        </Button>
        <span>共 {list.query.data?.total ?? 0} 人</span>
      </Space>
      <Table<RefRow> rowKey="id" size="small" columns={columns} dataSource={list.query.data?.records ?? []} loading={list.query.isFetching} pagination={list.paging.pagination(list.query.data?.total)} />
      <UserSelectDialog
        open={adding}
        title="添加考试人员"
        onCancel={() => setAdding(false)}
        onOk={async (users) => {
          setAdding(false);
          const { added } = await call(examApi.userRefJoin, { refId: examId, ids: users.map((u) => u.id) });
          message.success(`已添加 ${added} 人`);
          list.refresh();
        }}
      />
    </div>
  );
}
