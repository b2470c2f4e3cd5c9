/**
 * /admin/sys/menu — 菜单管理 (SPEC §4 menu types, §3 "Menu sort: id, sort", §7 /api/sys/menu/*): the
 * tree table of every menu (菜单名称 with its icon, 类型 tag, 路由地址 or 权限标识, 组件, 排序, 状态 with
 * 隐藏 / 内置 tags) with a keyword filter and expand / collapse all; add a root menu or a child (a
 * function under a page by default), edit in a dialog (icon chooser, the contracts' rules), delete
 * with everything below it after '确实要删除吗?', and the sort edited in place (saved on blur or
 * Enter through /api/sys/menu/sort). Buttons per permission (sys:menu:*).
 */
import { useMemo, useState, type Key } from 'react';
import { App, Button, Card, Input, InputNumber, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { MenuType } from '@kaopei/contracts';
import { MENU_SORT_MAX, menuApi, MenuPerm, type MenuNode } from '@kaopei/contracts/sys-menu';
import { call } from '../../../../api/request';
import { useAuth } from '../../../../store/auth';
import { MenuIcon } from '../../../../layouts/menu-icon';
import { PermButton, RowAction } from '../../../../components/Perm';
import { ListToolbar } from '../../../../components/PagedTable';
import { useDeleteAction } from '../../../../components/paging';
import { MENU_TREE_KEY, MENU_TYPE_COLOR, useMenuTree } from '../../../../components/MenuTreeSelect';
import { defaultChildType, MenuFormModal, type MenuFormTarget } from './MenuFormModal';
import { filterMenus, parentIds } from './menu-tree';

/** Sort for a new last child: one more than the largest sort among `siblings`. */
const nextSort = (siblings: readonly MenuNode[] | undefined) => (siblings?.length ? Math.max(...siblings.map((s) => s.sort)) + 1 : 0);

function SortCell({ menu, editable, onSaved }: { menu: MenuNode; editable: boolean; onSaved: () => void }) {
  const { message } = App.useApp();
  const [value, setValue] = useState<number | null>(menu.sort);
  if (!editable) return <>{menu.sort}</>;
  const commit = async () => {
    if (value === null || value === menu.sort) {
      setValue(menu.sort);
      return;
    }
    try {
      await call(menuApi.sort, { id: menu.id, sort: value });
      message.success('操作成功！');
      onSaved();
    } catch {
      setValue(menu.sort);
    }
  };
  return (
    <InputNumber
      size="small"
      min={0}
      max={MENU_SORT_MAX}
      precision={0}
      value={value}
      style={{ width: 80 }}
      onChange={setValue}
      onBlur={() => void commit()}
      onPressEnter={() => void commit()}
      data-testid={`menu-sort-${menu.id}`}
    />
  );
}

export default function ListMenu() {
  const { hasPerm } = useAuth();
  const queryClient = useQueryClient();
  const tree = useMenuTree();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const [target, setTarget] = useState<MenuFormTarget | null>(null);

  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const rows = useMemo(() => filterMenus(nodes, keyword), [nodes, keyword]);
  // Collapsed at first; a filter shows its matches expanded.
  const expandedKeys = keyword.trim() ? parentIds(rows) : (expanded ?? []);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [MENU_TREE_KEY] });
  const remove = useDeleteAction((ids) => call(menuApi.delete, { ids }), refresh);
  const canSort = hasPerm(MenuPerm.UPDATE);

  const columns: TableColumnsType<MenuNode> = [
    {
      title: '菜单名称',
      dataIndex: 'title',
      width: 260,
      render: (_, m) => (
        <Space size={6}>
          {m.menuType !== MenuType.FUNCTION && m.icon && <MenuIcon name={m.icon} />}
          <span>{m.title}</span>
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'menuType',
      width: 80,
      align: 'center',
      render: (_, m) => (
        <Tag color={MENU_TYPE_COLOR[m.menuType]} bordered={false}>
          {m.menuType_dictText}
        </Tag>
      ),
    },
    {
      title: '路由地址 / 权限标识',
      key: 'target',
      ellipsis: true,
      render: (_, m) => (m.menuType === MenuType.FUNCTION ? <Typography.Text code>{m.permission}</Typography.Text> : m.path),
    },
    { title: '组件', dataIndex: 'component', width: 150, ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 110, align: 'center', render: (_, m) => <SortCell key={`${m.id}-${m.sort}`} menu={m} editable={canSort} onSaved={refresh} /> },
    {
      title: '状态',
      key: 'flags',
      width: 120,
      render: (_, m) => (
        <Space size={4} wrap>
          {m.hidden && <Tag bordered={false}>隐藏</Tag>}
          {m.builtIn && <Tag bordered={false} color="cyan">内置</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      fixed: 'right',
      render: (_, m) => (
        <Space size={0} wrap>
          {m.menuType !== MenuType.FUNCTION && (
            <RowAction code={MenuPerm.ADD} onClick={() => setTarget({ kind: 'add', parentId: m.id, menuType: defaultChildType(m), sort: nextSort(m.children) })} data-testid={`menu-add-child-${m.id}`}>
              添加下级
            </RowAction>
          )}
          <RowAction code={MenuPerm.UPDATE} onClick={() => setTarget({ kind: 'edit', id: m.id })} data-testid={`menu-edit-${m.id}`}>
            编辑
          </RowAction>
          <RowAction code={MenuPerm.DELETE} danger onClick={() => remove([m.id])} data-testid={`menu-delete-${m.id}`}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <Space className="list-filter" wrap>
        <Input.Search placeholder="搜索菜单名称、路由地址或权限标识" allowClear style={{ width: 320 }} onSearch={(v) => setKeyword(v.trim())} onChange={(e) => !e.target.value && setKeyword('')} data-testid="menu-search" />
      </Space>
      <ListToolbar>
        <PermButton code={MenuPerm.ADD} type="primary" icon={<PlusOutlined />} data-testid="menu-add" onClick={() => setTarget({ kind: 'add', parentId: '', menuType: MenuType.MENU, sort: nextSort(nodes) })}>
          添加
        </PermButton>
        <Button icon={<NodeExpandOutlined />} onClick={() => setExpanded(parentIds(nodes))}>
          全部展开
        </Button>
        <Button icon={<NodeCollapseOutlined />} onClick={() => setExpanded([])}>
          全部折叠
        </Button>
      </ListToolbar>
      <Table<MenuNode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 1000 }}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys) }}
      />
      <MenuFormModal target={target} onClose={() => setTarget(null)} onSaved={refresh} />
    </Card>
  );
}
