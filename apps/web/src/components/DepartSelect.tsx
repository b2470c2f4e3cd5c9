/**
 * Department tree select for forms (SPEC §5 user form deptCode '部门不能为空！', profile form
 * deptCode '请选择所属单位'): the departments of /api/sys/depart/tree-select (any logged-in user) as a
 * searchable TreeSelect whose value is the deptCode. `onPick` also gets the chosen department, whose
 * `sfyxjbm` says whether its learners must fill in their sub-department (bmmc). The tree is one
 * query shared by every picker (DEPART_OPTIONS_KEY; the department page invalidates it).
 */
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { departApi, type DepartOption } from '@kaopei/contracts/sys-depart';
import { call } from '../api/request';

/** Query key of the picker tree (invalidate it after a department is saved, sorted or deleted). */
export const DEPART_OPTIONS_KEY = 'depart-tree-select';

/** The picker tree as a query (cached one minute: departments change rarely). */
export function useDepartOptions(enabled = true) {
  return useQuery({ queryKey: [DEPART_OPTIONS_KEY], queryFn: () => call(departApi.treeSelect, {}), enabled, staleTime: 60_000 });
}

/** The department coded `deptCode` in `options` (at any depth). */
export function findDepartOption(options: readonly DepartOption[], deptCode: string | undefined): DepartOption | undefined {
  if (!deptCode) return undefined;
  for (const o of options) {
    if (o.value === deptCode) return o;
    const hit = findDepartOption(o.children, deptCode);
    if (hit) return hit;
  }
  return undefined;
}

interface Props extends Omit<TreeSelectProps<string>, 'treeData' | 'loading' | 'showSearch' | 'onChange'> {
  onChange?: (deptCode: string | undefined) => void;
  /** Called with the chosen department (undefined when cleared), e.g. to read its sfyxjbm. */
  onPick?: (option: DepartOption | undefined) => void;
}

/** A form control: `value` / `onChange` carry the deptCode (Form.Item passes them). */
export function DepartSelect({ onChange, onPick, placeholder = '请选择部门', ...rest }: Props) {
  const options = useDepartOptions();
  return (
    <TreeSelect<string>
      allowClear
      listHeight={360}
      treeDefaultExpandAll={false}
      {...rest}
      placeholder={placeholder}
      loading={options.isFetching}
      treeData={options.data ?? []}
      showSearch={{ treeNodeFilterProp: 'title' }}
      notFoundContent={options.isLoading ? '加载中…' : '暂无相关数据！'}
      onChange={(value) => {
        const code = value || undefined;
        onChange?.(code);
        onPick?.(findDepartOption(options.data ?? [], code));
      }}
    />
  );
}
