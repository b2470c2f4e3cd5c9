/**
 * Role multi-select (SPEC §2 "role multi-select showing role name and level"): every role from
 * /api/sys/role/list, each option showing its name, its level (and its type when all types are
 * offered), a chosen role as 'name（级别 n）'; searchable by name; optionally
 * only the roles of one type (1 learner, 2 admin side). Value: the chosen role ids. Needs
 * sys:role:list. Shares the query key ROLE_LIST_KEY with the role page, which refreshes it.
 */
import { useMemo } from 'react';
import { Select, Space, Tag, Typography, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { roleApi } from '@kaopei/contracts/sys-role';
import { call } from '../api/request';

/** Query key of the role list (invalidate it after a role is saved or deleted). */
export const ROLE_LIST_KEY = 'role-list';

/** The role list as a query (shared by the role page and this select). */
export function useRoleList() {
  return useQuery({ queryKey: [ROLE_LIST_KEY], queryFn: () => call(roleApi.list, {}), staleTime: 30_000 });
}

interface Props extends Omit<SelectProps<string[]>, 'options' | 'mode' | 'loading' | 'showSearch' | 'optionFilterProp'> {
  /** Only roles of this type (1 learner, 2 admin side). */
  roleType?: number;
}

export function RoleSelect({ roleType, placeholder = '请选择角色', allowClear = true, ...rest }: Props) {
  const roles = useRoleList();
  const options = useMemo(
    () =>
      (roles.data ?? [])
        .filter((r) => roleType === undefined || r.roleType === roleType)
        .map((r) => ({ value: r.id, name: r.roleName, label: `${r.roleName}（级别 ${r.roleLevel}）`, level: r.roleLevel, type: r.roleType_dictText })),
    [roles.data, roleType],
  );
  return (
    <Select<string[]>
      {...rest}
      mode="multiple"
      placeholder={placeholder}
      allowClear={allowClear}
      loading={roles.isFetching}
      options={options}
      showSearch={{ optionFilterProp: 'name' }}
      optionRender={(o) => (
        <Space size={4}>
          <span>{o.data.name}</span>
          <Typography.Text type="secondary">级别 {o.data.level}</Typography.Text>
          {roleType === undefined && <Tag bordered={false}>{o.data.type}</Tag>}
        </Space>
      )}
      notFoundContent={roles.isLoading ? '加载中…' : undefined}
    />
  );
}
