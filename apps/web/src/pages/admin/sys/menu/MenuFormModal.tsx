/**
 * Add / edit a menu in a 60 % dialog (SPEC §9 dialog widths; §4 menu types 1 menu, 2 function,
 * 3 route): 上级菜单 (menu tree select, '顶级菜单' for a root; not the menu itself nor below it), type,
 * title, sort; for a menu or route its path, route name, component, redirect, icon (icon chooser),
 * highlighted menu and the flags hidden / alwaysShow / noCache / affix; for a function its permission
 * code. Rules from the contracts' field schemas (menuSaveReq applies them by type) →
 * /api/sys/menu/save. A built-in menu keeps its type and permission code (locked here, refused by
 * the server). Editing loads the menu's detail first.
 */
import { useEffect, useState } from 'react';
import { App, Col, Form, Input, InputNumber, Modal, Radio, Row, Spin, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MenuType } from '@kaopei/contracts';
import {
  MENU_SORT_MAX,
  MENU_TYPE_LABEL,
  menuActiveSchema,
  menuApi,
  menuComponentSchema,
  menuIconSchema,
  menuNameSchema,
  menuPathSchema,
  menuPermissionSchema,
  menuRedirectSchema,
  menuSortSchema,
  menuTitleSchema,
  type MenuNode,
} from '@kaopei/contracts/sys-menu';
import { call } from '../../../../api/request';
import { IconChooser } from '../../../../components/IconChooser';
import { MenuTreeSelect } from '../../../../components/MenuTreeSelect';
import { zodRule } from '../../../../utils/zod-rule';

/** What the dialog opens on: a menu to edit, or a new menu under `parentId` ('' = root). */
export type MenuFormTarget = { kind: 'edit'; id: string } | { kind: 'add'; parentId: string; menuType: 1 | 2 | 3; sort: number };

interface Props {
  target: MenuFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  parentId: string;
  menuType: 1 | 2 | 3;
  title: string;
  path: string;
  name: string;
  component: string;
  redirect: string;
  permission: string;
  icon: string;
  hidden: boolean;
  alwaysShow: boolean;
  noCache: boolean;
  affix: boolean;
  activeMenu: string;
  sort: number | null;
}

const EMPTY: Omit<Values, 'parentId' | 'menuType' | 'sort'> = {
  title: '', path: '', name: '', component: '', redirect: '', permission: '', icon: '', hidden: false, alwaysShow: false, noCache: false, affix: false, activeMenu: '',
};
const TYPE_OPTIONS = Object.entries(MENU_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }));
/** Parents are menus and routes (a function has no children). */
const PARENT_TYPES = [MenuType.MENU, MenuType.ROUTE];
const PARENT_TYPE_SET: readonly number[] = PARENT_TYPES;

const asType = (t: number): 1 | 2 | 3 => (t === 2 ? 2 : t === 3 ? 3 : 1);

export function MenuFormModal({ target, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const open = Boolean(target);
  const editId = target?.kind === 'edit' ? target.id : undefined;
  const detail = useQuery({ queryKey: ['menu-detail', editId], queryFn: () => call(menuApi.detail, { id: editId ?? '' }), enabled: Boolean(editId), staleTime: 0 });
  const menuType = Form.useWatch('menuType', form) ?? MenuType.MENU;
  const builtIn = Boolean(editId && detail.data?.builtIn);
  const isFunction = menuType === MenuType.FUNCTION;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.kind === 'add') form.setFieldsValue({ ...EMPTY, parentId: target.parentId, menuType: target.menuType, sort: target.sort });
    else if (detail.data && detail.data.id === target.id) {
      const { menuType_dictText: _l, builtIn: _b, children: _c, id: _i, ...values } = detail.data as MenuNode;
      form.setFieldsValue({ ...values, menuType: asType(values.menuType) });
    }
  }, [target, detail.data, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await call(menuApi.save, { ...v, ...(editId ? { id: editId } : {}), parentId: v.parentId ?? '', sort: v.sort ?? 0 });
      message.success('操作成功！');
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const half = { xs: 24, md: 12 };
  return (
    <Modal open={open} title={editId ? '编辑菜单' : '添加菜单'} width="60%" onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Spin spinning={Boolean(editId) && detail.isFetching}>
        <Form form={form} layout="vertical" initialValues={{ ...EMPTY, parentId: '', menuType: MenuType.MENU, sort: 0 }}>
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="parentId" label="上级菜单">
                <MenuTreeSelect root types={PARENT_TYPES} excludeId={editId} placeholder="顶级菜单" data-testid="menu-parent" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="menuType" label="菜单类型" required extra={builtIn ? '内置菜单的类型和权限标识不能修改' : undefined}>
                <Radio.Group options={TYPE_OPTIONS} disabled={builtIn} optionType="button" buttonStyle="solid" data-testid="menu-type" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="title" label={isFunction ? '功能名称' : '菜单名称'} required rules={[zodRule(menuTitleSchema)]}>
                <Input placeholder="请输入名称" maxLength={100} data-testid="menu-title" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="sort" label="排序" required rules={[zodRule(menuSortSchema)]} extra="同级中数字小的在前">
                <InputNumber min={0} max={MENU_SORT_MAX} precision={0} style={{ width: '100%' }} data-testid="menu-sort" />
              </Form.Item>
            </Col>
            {isFunction ? (
              <Col {...half}>
                <Form.Item name="permission" label="权限标识" required rules={[zodRule(menuPermissionSchema, { empty: '' })]}>
                  <Input placeholder="例如 sys:user:add" disabled={builtIn} maxLength={100} data-testid="menu-permission" />
                </Form.Item>
              </Col>
            ) : (
              <>
                <Col {...half}>
                  <Form.Item name="path" label="路由地址" required rules={[zodRule(menuPathSchema, { empty: '' })]}>
                    <Input placeholder="例如 /admin/sys/user" maxLength={255} data-testid="menu-path" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="name" label="路由名称" required rules={[zodRule(menuNameSchema, { empty: '' })]} extra="唯一，例如 SysUser">
                    <Input placeholder="请输入路由名称" maxLength={100} data-testid="menu-name" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="component" label="组件名称" rules={[zodRule(menuComponentSchema, { empty: '' })]} extra="顶级菜单用 Layout（管理端）或 WebLayout（学员端）；页面用视图名称">
                    <Input placeholder="例如 ListUser" maxLength={100} data-testid="menu-component" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="icon" label="图标" rules={[zodRule(menuIconSchema, { empty: '' })]}>
                    <IconChooser />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="redirect" label="重定向地址" rules={[zodRule(menuRedirectSchema, { empty: '' })]}>
                    <Input placeholder="例如 /admin/sys/user" maxLength={255} />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="activeMenu" label="高亮菜单地址" rules={[zodRule(menuActiveSchema, { empty: '' })]} extra="隐藏页面打开时高亮的菜单">
                    <Input placeholder="例如 /admin/exam/qu" maxLength={255} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="hidden" label="隐藏" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="alwaysShow" label="总是显示" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="noCache" label="不缓存" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="affix" label="固定标签" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}

/** The type a new child of `parent` gets by default: a function under a page, else a menu. */
export function defaultChildType(parent: Pick<MenuNode, 'menuType' | 'component'> | undefined): 1 | 2 | 3 {
  if (!parent) return MenuType.MENU;
  return PARENT_TYPE_SET.includes(parent.menuType) && parent.component && parent.component !== 'Layout' && parent.component !== 'WebLayout' ? MenuType.FUNCTION : MenuType.MENU;
}
