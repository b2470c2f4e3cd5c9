/**
 * User-select dialog and field (SPEC §2 "user-select dialog", §9 "User dialog: size 10, default
 * state filter '0'", §5 "请至少勾选一个用户！!"; §7 /api/sys/user/paging and /userList).
 *
 * - `UserSelectDialog`: the department tree with filter on the left (a department means it and its
 *   sub-departments), a name search and a paged table of normal users (state 0, 10 a page) on the
 *   right, without `excludes`. Ticks (the checkbox or a click on the row) are kept across pages and
 *   shown as tags above the table; 确定 answers the chosen users (`UserBrief`), and warns when
 *   nobody is ticked. Every opening starts afresh.
 * - `UserSelectField`: a form control whose value is a list of user ids, shown by name (the names
 *   of ids it was given come from /api/sys/user/userList); 选择用户 opens the dialog without the
 *   users already chosen, and each tag removes its user.
 * Both need sys:user:list.
 */
import { useMemo, useState, type HTMLAttributes } from 'react';
import { App, Button, Col, Input, Modal, Row, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { userAdminApi, type UserRecord } from '@kaopei/contracts/sys-user-admin';
import { call } from '../api/request';
import { DepartTree } from './DepartTree';
import { usePagedList } from './paging';
import { addPicked, briefOf, dialogParams, mergePageSelection, SELECT_USER_MSG, unknownIds, userLabel, withoutId, type UserBrief } from './user-selection';

export type { UserBrief } from './user-selection';

export interface UserSelectDialogProps {
  open: boolean;
  /** Users not offered (e.g. those already chosen). */
  excludes?: readonly string[];
  title?: string;
  /** The chosen users (at least one). */
  onOk: (users: UserBrief[]) => void;
  onCancel: () => void;
}

interface DialogFilters {
  deptCode?: string;
  userName?: string;
  excludes: string[];
}

const COLUMNS: TableColumnsType<UserRecord> = [
  { title: '用户名', dataIndex: 'userName', ellipsis: true },
  { title: '姓名', dataIndex: 'realName', ellipsis: true },
  { title: '部门', dataIndex: 'deptCode_dictText', ellipsis: true },
  { title: '手机', dataIndex: 'mobile', width: 130 },
];

/** The dialog's content, mounted only while it is open (so each opening starts with nothing ticked). */
function DialogBody({ excludes, title, onOk, onCancel }: Omit<UserSelectDialogProps, 'open'>) {
  const { message } = App.useApp();
  // The excluded users are part of the params, hence of the query key: another opening with other
  // excludes never shows a cached page of this one.
  const list = usePagedList<DialogFilters, UserRecord>(
    'user-select-paging',
    (current, size, p) => call(userAdminApi.paging, { current, size, params: dialogParams(p) }),
    { excludes: [...new Set(excludes ?? [])].sort() },
  );
  const [selected, setSelected] = useState<ReadonlyMap<string, UserBrief>>(new Map());
  const rows = list.query.data?.records ?? [];
  const { params, search } = list.paging;

  const [keyword, setKeyword] = useState('');
  const applyKeyword = () => search({ ...params, userName: keyword.trim() || undefined });
  const tick = (tickedOnPage: readonly string[]) => setSelected((s) => mergePageSelection(s, rows.map(briefOf), tickedOnPage));
  const toggleRow = (r: UserRecord) => setSelected((s) => (s.has(r.id) ? withoutId(s, r.id) : mergePageSelection(s, [briefOf(r)], [r.id])));

  const confirm = () => {
    if (selected.size === 0) {
      message.warning(SELECT_USER_MSG);
      return;
    }
    onOk([...selected.values()]);
  };

  return (
    <Modal
      open
      title={title}
      width="60%"
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={confirm} data-testid="user-select-ok">
          确定{selected.size ? `（已选 ${selected.size} 人）` : ''}
        </Button>,
      ]}
    >
      <Row gutter={16} data-testid="user-select-dialog">
        <Col xs={24} md={7}>
          <DepartTree height={420} value={params.deptCode} onChange={(deptCode) => search({ ...params, deptCode })} />
        </Col>
        <Col xs={24} md={17}>
          <Space.Compact className="list-filter" style={{ width: '100%', maxWidth: 360 }}>
            <Input placeholder="搜索用户名或姓名" allowClear maxLength={64} value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={applyKeyword} data-testid="user-select-search" />
            <Button type="primary" icon={<SearchOutlined />} onClick={applyKeyword}>
              查询
            </Button>
          </Space.Compact>
          <div style={{ minHeight: 32, marginBottom: 8 }} data-testid="user-select-picked">
            {selected.size === 0 ? (
              <Typography.Text type="secondary">尚未勾选用户</Typography.Text>
            ) : (
              <Space size={[4, 4]} wrap>
                {[...selected.values()].map((u) => (
                  <Tag key={u.id} closable onClose={() => setSelected((s) => withoutId(s, u.id))} data-testid={`user-select-picked-${u.id}`}>
                    {userLabel(u)}
                  </Tag>
                ))}
              </Space>
            )}
          </div>
          <Table<UserRecord>
            rowKey="id"
            size="small"
            columns={COLUMNS}
            dataSource={rows}
            loading={list.query.isFetching}
            pagination={list.paging.pagination(list.query.data?.total)}
            rowSelection={{ selectedRowKeys: [...selected.keys()], preserveSelectedRowKeys: true, onChange: (keys) => tick(keys.map(String)) }}
            onRow={(r) => ({ onClick: () => toggleRow(r), style: { cursor: 'pointer' }, 'data-testid': `user-select-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
            scroll={{ x: 560, y: 360 }}
          />
        </Col>
      </Row>
    </Modal>
  );
}

/** The dialog; see the file comment. */
export function UserSelectDialog({ open, title = '选择用户', ...rest }: UserSelectDialogProps) {
  return open ? <DialogBody title={title} {...rest} /> : null;
}

export interface UserSelectFieldProps {
  /** The chosen user ids (a Form.Item passes them). */
  value?: readonly string[];
  onChange?: (ids: string[]) => void;
  /** Users never offered (besides those already chosen). */
  excludes?: readonly string[];
  disabled?: boolean;
  /** Prefix of the test ids: `{testId}-open`, `{testId}-tag-{userId}` (default 'user-field'). */
  testId?: string;
}

const NO_IDS: readonly string[] = [];

/** The field; see the file comment. */
export function UserSelectField({ value = NO_IDS, onChange, excludes = NO_IDS, disabled, testId = 'user-field' }: UserSelectFieldProps) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<ReadonlyMap<string, UserBrief>>(new Map());
  const missing = unknownIds(value, picked).sort();
  const loaded = useQuery({
    queryKey: ['user-list', missing],
    queryFn: () => call(userAdminApi.userList, { ids: missing }),
    enabled: missing.length > 0,
    staleTime: 60_000,
  });
  const known = useMemo(() => {
    const all = new Map(picked);
    for (const u of loaded.data ?? []) if (!all.has(u.id)) all.set(u.id, u);
    return all;
  }, [picked, loaded.data]);

  const choose = (users: UserBrief[]) => {
    setPicked((p) => new Map([...p, ...users.map((u) => [u.id, u] as const)]));
    onChange?.(addPicked(value, users));
    setOpen(false);
  };

  return (
    <>
      <Space size={[4, 4]} wrap>
        {value.map((id) => {
          const u = known.get(id);
          return (
            <Tag key={id} closable={!disabled} onClose={() => onChange?.(value.filter((v) => v !== id))} data-testid={`${testId}-tag-${id}`}>
              {u ? userLabel(u) : loaded.isFetching ? '加载中…' : id}
            </Tag>
          );
        })}
        <Button size="small" icon={<UserAddOutlined />} disabled={disabled} onClick={() => setOpen(true)} data-testid={`${testId}-open`}>
          选择用户
        </Button>
      </Space>
      <UserSelectDialog open={open} excludes={[...excludes, ...value]} onOk={choose} onCancel={() => setOpen(false)} />
    </>
  );
}
