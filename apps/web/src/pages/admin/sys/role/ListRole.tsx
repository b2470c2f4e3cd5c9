/**
 * /admin/sys/role — 角色管理 (SPEC §3 Role: name, level; §6 roles, roleType 1 learner / 2 admin
 * side; §7 /api/sys/role/*): a name filter, the table of every role (角色名称 with a 内置 tag, 角色级别,
 * 角色类型, 数据范围 of admin-side roles) with the page sizes of SPEC §9, add / edit in a 580 px dialog, 授权 (the menus of the role
 * in a drawer), delete and batch delete with confirmation (built-in roles cannot be deleted; the
 * server also refuses roles still given to users). Buttons per permission (sys:role:*).
 */
import { useMemo, useState } from 'react';
import { Card, Form, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES, RoleType } from '@kaopei/contracts';
import { roleApi, RolePerm, type RoleRecord } from '@kaopei/contracts/sys-role';
import { call } from '../../../../api/request';
import { useAuth } from '../../../../store/auth';
import { PermButton, RowAction } from '../../../../components/Perm';
import { SearchBar } from '../../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar } from '../../../../components/PagedTable';
import { DEFAULT_PAGE_SIZE, useDeleteAction } from '../../../../components/paging';
import { ROLE_LIST_KEY, useRoleList } from '../../../../components/RoleSelect';
import { RoleFormModal } from './RoleFormModal';
import { RoleMenuDrawer } from './RoleMenuDrawer';

export default function ListRole() {
  const { hasPerm } = useAuth();
  const queryClient = useQueryClient();
  const roles = useRoleList();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [form, setForm] = useState<{ open: boolean; record: RoleRecord | null }>({ open: false, record: null });
  const [granting, setGranting] = useState<RoleRecord | null>(null);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);

  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: [ROLE_LIST_KEY] });
  };
  const remove = useDeleteAction((ids) => call(roleApi.delete, { ids }), refresh);
  const rows = useMemo(() => (roles.data ?? []).filter((r) => !keyword || r.roleName.includes(keyword)), [roles.data, keyword]);

  const columns: TableColumnsType<RoleRecord> = [
    {
      title: '角色名称',
      dataIndex: 'roleName',
      ellipsis: true,
      render: (_, r) => (
        <Space size={6}>
          <span>{r.roleName}</span>
          {r.builtIn && <Tag bordered={false}>内置</Tag>}
        </Space>
      ),
    },
    { title: '角色级别', dataIndex: 'roleLevel', width: 110, align: 'center' },
    {
      title: '角色类型',
      dataIndex: 'roleType',
      width: 120,
      align: 'center',
      render: (_, r) => <Tag color={r.roleType === RoleType.ADMIN ? 'blue' : 'green'}>{r.roleType_dictText}</Tag>,
    },
    {
      title: '数据范围',
      dataIndex: 'dataScope',
      width: 150,
      align: 'center',
      // Learner roles reach no admin list: their scope means nothing.
      render: (_, r) => (r.roleType === RoleType.ADMIN ? r.dataScope_dictText : '—'),
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={RolePerm.UPDATE} onClick={() => setForm({ open: true, record: r })} data-testid={`role-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={RolePerm.MENU} onClick={() => setGranting(r)} data-testid={`role-grant-${r.id}`}>
            授权
          </RowAction>
          <RowAction code={RolePerm.DELETE} danger disabled={r.builtIn} title={r.builtIn ? '内置角色不能删除' : undefined} onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <SearchBar<{ roleName?: string }> onSearch={(v) => setKeyword((v.roleName ?? '').trim())}>
        <Form.Item name="roleName">
          <Input placeholder="搜索角色名称" allowClear />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={RolePerm.ADD} type="primary" icon={<PlusOutlined />} data-testid="role-add" onClick={() => setForm({ open: true, record: null })}>
          添加
        </PermButton>
        <BatchDeleteButton code={RolePerm.DELETE} onClick={() => remove(selected)} />
      </ListToolbar>
      <Table<RoleRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={roles.isFetching}
        scroll={{ x: 790 }}
        rowSelection={hasPerm(RolePerm.DELETE) ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), getCheckboxProps: (r) => ({ disabled: r.builtIn }) } : undefined}
        pagination={{
          pageSize,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => `共 ${total} 条`,
          onShowSizeChange: (_current, size) => setPageSize(size),
        }}
      />
      <RoleFormModal open={form.open} record={form.record} onClose={() => setForm((f) => ({ ...f, open: false }))} onSaved={refresh} />
      <RoleMenuDrawer role={granting} onClose={() => setGranting(null)} />
    </Card>
  );
}
