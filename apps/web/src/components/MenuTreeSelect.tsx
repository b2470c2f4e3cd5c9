/**
 * Menu tree select (SPEC §2 "menu tree select"): the menus of /api/sys/menu/tree as a searchable
 * TreeSelect (title, with the route path or the permission code searchable too). Options: only some
 * menu types (`types`; functions, type 2, are never parents), a `root` entry '顶级菜单' (value ''),
 * and `excludeId`, a menu that is shown but cannot be chosen, with everything below it (a menu
 * cannot move under itself). Needs sys:menu:list or sys:role:menu. Shares MENU_TREE_KEY with the
 * menu page and the role authorisation drawer.
 */
import { useMemo } from 'react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MenuType } from '@kaopei/contracts';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { call } from '../api/request';

/** Query key of the whole menu tree (invalidate it after a menu is saved, sorted or deleted). */
export const MENU_TREE_KEY = 'menu-tree';

/** The whole menu tree as a query. */
export function useMenuTree(enabled = true) {
  return useQuery({ queryKey: [MENU_TREE_KEY], queryFn: () => call(menuApi.tree, {}), enabled });
}

/** Tag colours of the menu types (SPEC §4): menu, function, route. */
export const MENU_TYPE_COLOR: Readonly<Record<number, string>> = { [MenuType.MENU]: 'blue', [MenuType.FUNCTION]: 'orange', [MenuType.ROUTE]: 'purple' };

/** Value of the root entry. */
export const ROOT_VALUE = '';

export interface MenuOption {
  value: string;
  title: string;
  /** Title, path, route name and permission code: what the search looks in. */
  search: string;
  disabled?: boolean;
  children?: MenuOption[];
}

/**
 * TreeSelect options of `nodes`: menus of `types` only (a menu of another type is left out with
 * everything below it); `excludeId` and its descendants disabled; with `root`, one root entry
 * '顶级菜单' holding the whole forest.
 */
export function menuOptions(nodes: readonly MenuNode[], opts: { types?: readonly number[]; excludeId?: string; root?: boolean } = {}): MenuOption[] {
  const build = (list: readonly MenuNode[], disabled: boolean): MenuOption[] =>
    list
      .filter((n) => !opts.types || opts.types.includes(n.menuType))
      .map((n) => {
        const off = disabled || n.id === opts.excludeId;
        const children = build(n.children ?? [], off);
        return {
          value: n.id,
          title: n.title,
          search: [n.title, n.path, n.name, n.permission].filter(Boolean).join(' '),
          ...(off ? { disabled: true } : {}),
          ...(children.length ? { children } : {}),
        };
      });
  const forest = build(nodes, false);
  return opts.root ? [{ value: ROOT_VALUE, title: '顶级菜单', search: '顶级菜单', children: forest }] : forest;
}

interface Props extends Omit<TreeSelectProps<string>, 'treeData' | 'loading' | 'showSearch'> {
  types?: readonly number[];
  excludeId?: string;
  root?: boolean;
}

export function MenuTreeSelect({ types, excludeId, root = false, placeholder = '请选择菜单', ...rest }: Props) {
  const tree = useMenuTree();
  const treeData = useMemo(() => menuOptions(tree.data ?? [], { types, excludeId, root }), [tree.data, types, excludeId, root]);
  return (
    <TreeSelect<string>
      treeDefaultExpandedKeys={root ? [ROOT_VALUE] : undefined}
      listHeight={360}
      {...rest}
      placeholder={placeholder}
      loading={tree.isFetching}
      treeData={treeData}
      showSearch={{ treeNodeFilterProp: 'search' }}
      notFoundContent={tree.isLoading ? '加载中…' : undefined}
    />
  );
}
