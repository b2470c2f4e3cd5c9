/**
 * Add / edit a user (SPEC §2 "User edit dialog with tabs basic info and account binding (binding
 * only for existing users)", §3 edit form, §5 "User form (admin)", §8 '用户保存成功!'), 60 % wide.
 *
 * 基本信息: 用户名 (locked when editing), 姓名, 部门 (DepartSelect), 角色 (RoleSelect: name and level,
 * several), 密码 (required for a new user; blank when editing leaves it unchanged), 手机, 邮箱, the
 * profile fields (性别, 民族, 政治面貌, 学历, 行政职务 with 职务名称 when it is 其他, 党内职务 from their
 * dictionaries; 出生日期 and 参加工作时间 as yyyy-MM-dd; 部门名称; 身份证号, optional but checked), and
 * the 头像 (one jpg/png/jpeg, compressed above 3000 KB). Every rule is the contracts' schema
 * (`userSaveReq`), so the messages are the spec's. Values ↔ body: user-form.ts.
 *
 * 账号绑定 (existing users only): whatever `bindPanel(userId)` renders (the binding component of
 * components/bind, wired by the page); no tab without it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { App, Button, Col, DatePicker, Form, Input, Modal, Row, Spin, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DicCode, XZZW_OTHER } from '@kaopei/contracts/sys-dic';
import { AVATAR_TYPES } from '@kaopei/contracts/sys-file';
import { passwordSchema, profileFields, realNameSchema, userNameSchema } from '@kaopei/contracts/sys-user';
import { userAdminApi, userSaveReq } from '@kaopei/contracts/sys-user-admin';
import { call } from '../../../../api/request';
import { useSiteInfo } from '../../../../store/site';
import { DepartSelect } from '../../../../components/DepartSelect';
import { DictSelect, DictTreeSelect } from '../../../../components/DictSelect';
import { FileUpload } from '../../../../components/FileUpload';
import { RoleSelect } from '../../../../components/RoleSelect';
import { useDict } from '../../../../components/useDict';
import { zodRule } from '../../../../utils/zod-rule';
import { DATE_FORMAT, formValuesOf, NEW_USER_VALUES, saveBodyOf, type UserFormValues } from './user-form';

/** SPEC §5 / §9: the admin's avatar field compresses images above 3000 KB. */
export const AVATAR_COMPRESS_KB = 3000;
export const USER_SAVED = '用户保存成功!';

interface Props {
  open: boolean;
  /** The user edited; null adds one. */
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
  /** Content of the 账号绑定 tab of an existing user (SPEC §2); the tab is absent without it. */
  bindPanel?: (userId: string) => ReactNode;
}

const half = { xs: 24, sm: 12 } as const;

export function UserFormModal({ open, id, onClose, onSaved, bindPanel }: Props) {
  const [form] = Form.useForm<UserFormValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('basic');
  const editing = id !== null;
  // SPEC §3 edit form: the face photo only when the site's faceLogin is on (issue 12).
  const withFace = useSiteInfo().site.faceLogin;
  const detail = useQuery({ queryKey: ['user-detail', id], queryFn: () => call(userAdminApi.detail, { id: id ?? '' }), enabled: open && editing });
  const xzzw = useDict(DicCode.XZZW);
  const zw = Form.useWatch('zw', form);
  // The values are put into the form once per opening (a background refetch never overwrites edits).
  const filledFor = useRef<string | null>(null);

  useEffect(() => {
    if (!open) {
      filledFor.current = null;
      return;
    }
    const key = id ?? 'new';
    if (filledFor.current === key) return;
    if (!editing) {
      form.resetFields();
      form.setFieldsValue(NEW_USER_VALUES);
      filledFor.current = key;
    } else if (detail.data && !xzzw.loading) {
      form.resetFields();
      form.setFieldsValue(formValuesOf(detail.data, (v) => xzzw.labels.has(v)));
      filledFor.current = key;
    }
  }, [open, id, editing, detail.data, xzzw.loading, xzzw.labels, form]);

  const close = () => {
    setTab('basic');
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) {
      setTab('basic');
      return;
    }
    setSaving(true);
    try {
      await call(userAdminApi.save, saveBodyOf(values, id ?? undefined, withFace));
      message.success(USER_SAVED);
      onSaved();
      close();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const basic = (
    <Spin spinning={editing && (detail.isFetching || xzzw.loading)}>
      <Form<UserFormValues> form={form} layout="vertical" data-testid="user-form">
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="userName" label="用户名" required={!editing} rules={editing ? [] : [zodRule(userNameSchema)]} extra={editing ? '用户名不能修改' : undefined}>
              <Input placeholder="请输入用户名" maxLength={32} disabled={editing} autoComplete="off" data-testid="user-form-username" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="realName" label="姓名" required rules={[zodRule(realNameSchema)]}>
              <Input placeholder="请输入姓名" maxLength={32} data-testid="user-form-realname" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="deptCode" label="部门" required rules={[zodRule(userSaveReq.shape.deptCode)]}>
              <DepartSelect placeholder="请选择部门" data-testid="user-form-dept" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="roles" label="角色" required rules={[zodRule(userSaveReq.shape.roles)]}>
              <RoleSelect placeholder="请选择角色" data-testid="user-form-roles" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="password"
              label="密码"
              required={!editing}
              rules={[zodRule(editing ? userSaveReq.shape.password : passwordSchema)]}
              extra={editing ? '不修改密码请留空；管理员设置的密码，用户下次登录须修改' : '用户首次登录后须修改此密码'}
            >
              <Input.Password placeholder={editing ? '留空表示不修改密码' : '请输入密码'} maxLength={64} autoComplete="new-password" data-testid="user-form-password" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="mobile" label="手机号" rules={[zodRule(userSaveReq.shape.mobile)]}>
              <Input placeholder="请输入手机号" maxLength={11} data-testid="user-form-mobile" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="email" label="邮箱" rules={[zodRule(profileFields.shape.email)]}>
              <Input placeholder="请输入邮箱" maxLength={128} data-testid="user-form-email" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="idCard" label="身份证号" rules={[zodRule(profileFields.shape.idCard)]}>
              <Input placeholder="选填，15或18位" maxLength={18} data-testid="user-form-idcard" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="sex" label="性别">
              <DictSelect dicCode={DicCode.SEX} placeholder="请选择性别" data-testid="user-form-sex" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="mz" label="民族">
              <DictSelect dicCode={DicCode.NATION} placeholder="请选择民族" data-testid="user-form-mz" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="csrq" label="出生日期">
              <DatePicker format={DATE_FORMAT} placeholder="请选择出生日期" style={{ width: '100%' }} data-testid="user-form-csrq" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="gzsj" label="参加工作时间">
              <DatePicker format={DATE_FORMAT} placeholder="请选择参加工作时间" style={{ width: '100%' }} data-testid="user-form-gzsj" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="zzmm" label="政治面貌">
              <DictSelect dicCode={DicCode.POLITICAL_LANDSCAPE} placeholder="请选择政治面貌" data-testid="user-form-zzmm" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="whcd" label="学历">
              <DictSelect dicCode={DicCode.EDUCATIONAL_LEVEL} placeholder="请选择学历" data-testid="user-form-whcd" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="zw" label="行政职务">
              <DictTreeSelect dicCode={DicCode.XZZW} placeholder="请选择行政职务" data-testid="user-form-zw" />
            </Form.Item>
          </Col>
          {zw === XZZW_OTHER ? (
            <Col {...half}>
              <Form.Item name="qtzw" label="职务名称" required rules={[{ required: true, whitespace: true, message: '请输入职务名称' }, zodRule(profileFields.shape.zw)]}>
                <Input placeholder="请输入职务名称" maxLength={64} data-testid="user-form-qtzw" />
              </Form.Item>
            </Col>
          ) : null}
          <Col {...half}>
            <Form.Item name="dnzw" label="党内职务">
              <DictSelect dicCode={DicCode.DNZW} placeholder="请选择党内职务" data-testid="user-form-dnzw" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="bmmc" label="部门名称" rules={[zodRule(profileFields.shape.bmmc)]} extra="所属单位允许下设部门时填写">
              <Input placeholder="请输入部门名称" maxLength={100} data-testid="user-form-bmmc" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="avatar" label="头像" extra="jpg/png/jpeg，1张">
              <FileUpload accept={AVATAR_TYPES} limit={1} compress={AVATAR_COMPRESS_KB} listType="picture-card" />
            </Form.Item>
          </Col>
          {withFace ? (
            <Col span={24}>
              <Form.Item name="face" label="人脸照片" extra="jpg/png/jpeg，1张，仅含本人清晰正面人脸；用户无已通过的实名认证时，人脸登录以此照片比对" data-testid="user-form-face">
                <FileUpload accept={AVATAR_TYPES} limit={1} compress={AVATAR_COMPRESS_KB} listType="picture-card" />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Form>
    </Spin>
  );

  const items = [
    { key: 'basic', label: '基本信息', children: basic, forceRender: true },
    ...(editing && bindPanel ? [{ key: 'bind', label: '账号绑定', children: open && id ? bindPanel(id) : null }] : []),
  ];

  return (
    <Modal
      open={open}
      title={editing ? '编辑用户' : '添加用户'}
      width="60%"
      onCancel={close}
      forceRender
      footer={
        tab === 'basic'
          ? [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button key="ok" type="primary" loading={saving} disabled={editing && !detail.data} onClick={() => void submit()} data-testid="user-form-submit">
                保存
              </Button>,
            ]
          : [
              <Button key="close" onClick={close}>
                关闭
              </Button>,
            ]
      }
    >
      <Tabs activeKey={tab} onChange={setTab} items={items} />
    </Modal>
  );
}
