/**
 * 授权: the menus of a role (SPEC §6 "Menus are assigned per role") in a drawer: the whole menu tree
 * (types 1 menu, 2 function, 3 route, each tagged; functions show their permission code) with check
 * boxes, the role's grants (/api/sys/role/list-menus) ticked; ticking takes the sub-tree and the
 * parents, unticking the sub-tree (grant-tree.ts). Expand / collapse all, tick all / none. 保存 sends
 * the ticked ids to /api/sys/role/save-menus ('操作成功！'); the role's users get the new menus and
 * codes on their next call (their next page load for the menus shown).
 */
import { useEffect, useMemo, useState, type Key } from 'react';
import { App, Button, Drawer, Empty, Space, Spin, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi, type RoleRecord } from '@kaopei/contracts/sys-role';
import { call } from '../../../../api/request';
import { MENU_TYPE_COLOR, useMenuTree } from '../../../../components/MenuTreeSelect';
import { allMenuIds, knownGrants, toggleGrant } from './grant-tree';

const ROLE_MENUS_KEY = 'role-menus';

function toTreeData(nodes: readonly MenuNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: (
      <Space size={4} data-testid={`role-menu-node-${n.name || n.permission || n.id}`}>
        <Tag color={MENU_TYPE_COLOR[n.menuType]} bordered={false}>
          {n.menuType_dictText}
        </Tag>
        <span>{n.title}</span>
        {n.permission && <Typography.Text type="secondary">{n.permission}</Typography.Text>}
      </Space>
    ),
    ...(n.children?.length ? { children: toTreeData(n.children) } : {}),
  }));
}

interface Props {
  role: RoleRecord | null;
  onClose: () => void;
}

export function RoleMenuDrawer({ role, onClose }: Props) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const open = Boolean(role);
  const tree = useMenuTree(open);
  const grants = useQuery({ queryKey: [ROLE_MENUS_KEY, role?.id], queryFn: () => call(roleApi.listMenus, { id: role?.id ?? '' }), enabled: open, staleTime: 0 });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);

  // Another role: nothing ticked until its grants arrive.
  useEffect(() => setChecked(new Set()), [role?.id]);
  // Start from the role's grants each time they (or the tree) arrive.
  useEffect(() => {
    if (open && tree.data && grants.data) setChecked(knownGrants(tree.data, grants.data));
  }, [open, tree.data, grants.data]);
  // Open with the top two levels expanded.
  useEffect(() => {
    if (open && tree.data) setExpanded(tree.data.map((n) => n.id));
  }, [open, tree.data]);

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      await call(roleApi.saveMenus, { id: role.id, menuIds: [...checked] });
      message.success('操作成功！');
      void queryClient.invalidateQueries({ queryKey: [ROLE_MENUS_KEY, role.id] });
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const loading = tree.isFetching || grants.isFetching;
  return (
    <Drawer
      title={role ? `角色授权 - ${role.roleName}` : '角色授权'}
      open={open}
      onClose={onClose}
      size={560}
      destroyOnHidden
      data-testid="role-menu-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} disabled={loading || !tree.data} onClick={() => void save()} data-testid="role-menu-save">
            保存
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => setExpanded(allMenuIds(nodes))}>
          全部展开
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          全部折叠
        </Button>
        <Button size="small" onClick={() => setChecked(new Set(allMenuIds(nodes)))}>
          全选
        </Button>
        <Button size="small" onClick={() => setChecked(new Set())}>
          全不选
        </Button>
        <Typography.Text type="secondary">已选 {checked.size} 项</Typography.Text>
      </Space>
      <Spin spinning={loading}>
        {nodes.length === 0 && !loading ? (
          <Empty description="暂无相关数据！" />
        ) : (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            blockNode
            treeData={treeData}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys)}
            checkedKeys={{ checked: [...checked], halfChecked: [] }}
            onCheck={(_keys, info) => setChecked((prev) => toggleGrant(nodes, prev, String(info.node.key), info.checked))}
          />
        )}
      </Spin>
    </Drawer>
  );
}
