/**
 * /admin/sys/user — 用户管理 (SPEC §2 admin pages: department tree with filter, paging table with
 * batch actions, spreadsheet import with template download; §3 User paging row; §4 user state; §7
 * /api/sys/user/*; §8 messages; §9 page sizes).
 *
 * Left: the department tree (every department until one is clicked; a department means it and its
 * sub-departments; emptying the tree's filter box shows every department again). Right: a name and
 * state filter, the toolbar (添加, 导入, 导出 with the current filters, and the batch actions on the
 * ticked rows: 设置部门, 设置角色, 启用, 禁用, 重置密码, 批量删除) and the paged table (用户名, 姓名,
 * 部门, 角色, 手机, 邮箱, 积分, 状态) with the row actions 编辑, 重置密码, 调整积分 (module points), 启用/禁用
 * (审核通过 for a pending user) and 删除 ('确实要删除吗?'). Every button per UserPerm code. The signed-in administrator's own
 * row cannot be disabled or deleted from here.
 */
import { useState, type HTMLAttributes } from 'react';
import { App, Card, Col, Form, Input, Row, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, ExportOutlined, ImportOutlined, KeyOutlined, PlusOutlined, StopOutlined, TeamOutlined, ApartmentOutlined } from '@ant-design/icons';
import { PointsPerm } from '@kaopei/contracts/points';
import { BindPerm } from '@kaopei/contracts/sys-bind';
import { DicCode } from '@kaopei/contracts/sys-dic';
import { userAdminApi, UserPerm, UserState, type UserRecord } from '@kaopei/contracts/sys-user-admin';
import { call, download } from '../../../../api/request';
import { useAuth } from '../../../../store/auth';
import { DepartTree } from '../../../../components/DepartTree';
import { ListToolbar, PagedTable } from '../../../../components/PagedTable';
import { PermButton, RowAction } from '../../../../components/Perm';
import UserBindPanel from '../../../../components/bind/UserBindPanel';
import { SearchBar } from '../../../../components/SearchBar';
import { SELECT_ONE, useDeleteAction, usePagedList } from '../../../../components/paging';
import { useDict } from '../../../../components/useDict';
import { AdjustPointsDialog, type AdjustTarget } from '../points/AdjustPointsDialog';
import { BatchDeptDialog } from './BatchDeptDialog';
import { BatchRoleDialog } from './BatchRoleDialog';
import { ImportUserDialog } from './ImportUserDialog';
import { ResetPassDialog } from './ResetPassDialog';
import { UserFormModal } from './UserFormModal';
import { searchParams, stateActionLabel, stateColor, stateOptions, toggledState, withDept, type UserPagingParams, type UserSearchValues } from './user-list';

/** Lists that show user counts and are refreshed with this one. */
const ALSO_INVALIDATE = ['user-select-paging', 'user-list'] as const;

export default function ListUser() {
  const { hasPerm, user: me } = useAuth();
  const { message } = App.useApp();
  const stateDict = useDict(DicCode.USER_STATE);
  const list = usePagedList<UserPagingParams, UserRecord>('user-paging', (current, size, params) => call(userAdminApi.paging, { current, size, params }), {}, ALSO_INVALIDATE);
  const { params, search } = list.paging;
  const [form, setForm] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  const [deptIds, setDeptIds] = useState<string[] | null>(null);
  const [roleIds, setRoleIds] = useState<string[] | null>(null);
  const [resetTarget, setResetTarget] = useState<{ ids: string[]; name?: string } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const remove = useDeleteAction((ids) => call(userAdminApi.delete, { ids }), list.refresh);

  /** Runs a batch action on the ticked rows, or warns '请至少选择一条数据！' when none is ticked. */
  const onSelected = (run: (ids: string[]) => void) => () => {
    if (list.selected.length === 0) message.warning(SELECT_ONE);
    else run(list.selected);
  };

  const setState = async (ids: string[], state: 0 | 1) => {
    try {
      await call(userAdminApi.state, { ids, state });
      message.success('状态修改成功!');
      list.refresh();
    } catch {
      // shown by the request helper
    }
  };

  /** Downloads the users of the current filters (SPEC §8: 数据导出成功！). */
  const exportList = async () => {
    setExporting(true);
    try {
      await download(userAdminApi.export, params);
      message.success('数据导出成功！');
    } catch {
      // shown by the request helper
    } finally {
      setExporting(false);
    }
  };

  const isMe = (r: UserRecord) => r.id === me?.userId;
  const columns: TableColumnsType<UserRecord> = [
    { title: '用户名', dataIndex: 'userName', width: 140, ellipsis: true, render: (v: string, r) => <span data-testid={`user-name-${r.id}`}>{v}</span> },
    { title: '姓名', dataIndex: 'realName', width: 120, ellipsis: true, render: (v: string, r) => <span data-testid={`user-realname-${r.id}`}>{v}</span> },
    { title: '部门', dataIndex: 'deptCode_dictText', width: 160, ellipsis: true, render: (v: string, r) => <span data-testid={`user-dept-${r.id}`}>{v || r.deptCode}</span> },
    {
      title: '角色',
      dataIndex: 'roleNames',
      width: 180,
      render: (names: string[], r) => (
        <Space size={[0, 4]} wrap data-testid={`user-roles-${r.id}`}>
          {names.map((n) => (
            <Tag key={n} bordered={false}>
              {n}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: '手机', dataIndex: 'mobile', width: 130 },
    { title: '邮箱', dataIndex: 'email', width: 180, ellipsis: true },
    { title: '积分', dataIndex: 'points', width: 90, align: 'right', render: (v: number, r) => <span data-testid={`user-points-${r.id}`}>{v}</span> },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      align: 'center',
      render: (_, r) => (
        <Tag color={stateColor(r.state)} data-testid={`user-state-tag-${r.id}`}>
          {r.state_dictText}
        </Tag>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 300,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <RowAction code={UserPerm.UPDATE} onClick={() => setForm({ open: true, id: r.id })} data-testid={`user-edit-${r.id}`}>
            编辑
          </RowAction>
          <RowAction code={UserPerm.RESET_PASS} onClick={() => setResetTarget({ ids: [r.id], name: r.userName })} data-testid={`user-reset-pass-${r.id}`}>
            重置密码
          </RowAction>
          <RowAction code={PointsPerm.ADJUST} onClick={() => setAdjusting(r)} data-testid={`user-points-adjust-${r.id}`}>
            调整积分
          </RowAction>
          <RowAction
            code={UserPerm.STATE}
            danger={r.state === UserState.NORMAL}
            disabled={isMe(r)}
            title={isMe(r) ? '不能禁用当前登录的账号' : undefined}
            onClick={() => void setState([r.id], toggledState(r.state))}
            data-testid={`user-state-${r.id}`}
          >
            {stateActionLabel(r.state)}
          </RowAction>
          <RowAction code={UserPerm.DELETE} danger disabled={isMe(r)} title={isMe(r) ? '不能删除当前登录的账号' : undefined} onClick={() => remove([r.id])} data-testid={`user-delete-${r.id}`}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  const batchCodes = [UserPerm.UPDATE, UserPerm.STATE, UserPerm.RESET_PASS, UserPerm.DELETE];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6} xxl={5}>
        <Card className="page" size="small" title="部门" data-testid="user-depart-filter">
          <DepartTree height={560} value={params.deptCode} onChange={(deptCode) => search(withDept(params, deptCode))} />
        </Card>
      </Col>
      <Col xs={24} lg={18} xxl={19}>
        <Card className="page">
          <SearchBar<UserSearchValues> onSearch={(v) => search(searchParams(v, params.deptCode))}>
            <Form.Item name="userName">
              <Input placeholder="搜索用户名或姓名" allowClear maxLength={64} data-testid="user-search-name" />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="全部状态" allowClear options={stateOptions(stateDict.items)} loading={stateDict.loading} style={{ width: 130 }} data-testid="user-search-state" />
            </Form.Item>
          </SearchBar>
          <ListToolbar>
            <PermButton code={UserPerm.ADD} type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, id: null })} data-testid="user-add">
              添加
            </PermButton>
            <PermButton code={UserPerm.IMPORT} icon={<ImportOutlined />} onClick={() => setImportOpen(true)} data-testid="user-import-open">
              导入
            </PermButton>
            <PermButton code={UserPerm.EXPORT} icon={<ExportOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="user-export">
              导出
            </PermButton>
            <PermButton code={UserPerm.UPDATE} icon={<ApartmentOutlined />} onClick={onSelected(setDeptIds)} data-testid="user-batch-dept">
              设置部门
            </PermButton>
            <PermButton code={UserPerm.UPDATE} icon={<TeamOutlined />} onClick={onSelected(setRoleIds)} data-testid="user-batch-role">
              设置角色
            </PermButton>
            <PermButton code={UserPerm.STATE} icon={<CheckCircleOutlined />} onClick={onSelected((ids) => void setState(ids, UserState.NORMAL))} data-testid="user-batch-enable">
              启用
            </PermButton>
            <PermButton code={UserPerm.STATE} icon={<StopOutlined />} onClick={onSelected((ids) => void setState(ids, UserState.DISABLED))} data-testid="user-batch-disable">
              禁用
            </PermButton>
            <PermButton code={UserPerm.RESET_PASS} icon={<KeyOutlined />} onClick={onSelected((ids) => setResetTarget({ ids }))} data-testid="user-batch-reset-pass">
              重置密码
            </PermButton>
            <PermButton code={UserPerm.DELETE} danger icon={<DeleteOutlined />} onClick={onSelected(remove)} data-testid="user-batch-delete">
              批量删除
            </PermButton>
            {list.selected.length ? <Typography.Text type="secondary">已选 {list.selected.length} 项</Typography.Text> : null}
          </ListToolbar>
          <PagedTable<UserRecord>
            list={list}
            columns={columns}
            selectable={hasPerm(batchCodes)}
            scroll={{ x: 1400 }}
            onRow={(r) => ({ 'data-testid': `user-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
          />
        </Card>
      </Col>
      <UserFormModal
        open={form.open}
        id={form.id}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={list.refresh}
        bindPanel={hasPerm(BindPerm.BIND) ? (userId) => <UserBindPanel userId={userId} /> : undefined}
      />
      <BatchDeptDialog ids={deptIds} onClose={() => setDeptIds(null)} onDone={list.refresh} />
      <BatchRoleDialog ids={roleIds} onClose={() => setRoleIds(null)} onDone={list.refresh} />
      <ResetPassDialog target={resetTarget} onClose={() => setResetTarget(null)} onDone={list.refresh} />
      <ImportUserDialog open={importOpen} onClose={() => setImportOpen(false)} onImported={list.refresh} />
      <AdjustPointsDialog target={adjusting} onClose={() => setAdjusting(null)} onDone={list.refresh} />
    </Row>
  );
}
