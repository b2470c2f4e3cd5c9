/**
 * /admin/sys/switch — system switch configuration (SPEC §2 "System switch configuration form"; §3
 * "Switch config"; §5 "covers registration, audit, login methods, face audit and the multi-login
 * policy. Face audit mode auto uses a paid verification service"; §8 '功能开关配置成功！').
 * Loads /api/sys/config/switch/detail, saves /api/sys/config/switch/save with the contracts' rules
 * (`switchConfig`: a default department is required when registrations go to a fixed one), then
 * reloads the public site information (the login page's register link and login buttons). Save
 * needs sys:switch:update.
 *
 * The default department is typed as its code for now; a department picker replaces the input when
 * the department domain offers its tree-select call.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Card, Divider, Form, Input, Radio, Select, Space, Spin, Switch } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  configApi, FACE_AUDIT, FACE_AUDIT_LABEL, LOGIN_TICK_LABEL, switchConfigData, SysConfigPerm, USER_DEPT_TYPE_LABEL, userDeptCode, UserDeptType,
  type SwitchConfig,
} from '@kaopei/contracts/sys-config';
import { call } from '../../../../api/request';
import { PermButton } from '../../../../components/Perm';
import { refreshSiteInfo } from '../../../../store/site';
import { zodRule } from '../../../../utils/zod-rule';
import { LoadFailed } from './LoadFailed';

const DETAIL_KEY = ['sys-switch-detail'] as const;

const DEPT_TYPE_OPTIONS = Object.entries(USER_DEPT_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const LOGIN_TICK_OPTIONS = Object.entries(LOGIN_TICK_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const FACE_AUDIT_OPTIONS = FACE_AUDIT.map((value) => ({ value, label: FACE_AUDIT_LABEL[value] }));

/** The on/off switches of the form: field, label and what it does. */
const REG_SWITCHES: { name: keyof SwitchConfig; label: string; extra: string }[] = [
  { name: 'userReg', label: '开放注册', extra: '开启后，学员可在登录页自行注册账号。' },
  { name: 'userAudit', label: '注册审核', extra: '开启后，新注册的学员需管理员审核通过后才能登录。' },
];
const LOGIN_SWITCHES: { name: keyof SwitchConfig; label: string; extra: string }[] = [
  { name: 'mobileLogin', label: '手机号登录', extra: '登录页提供手机号 + 短信验证码登录。' },
  { name: 'wechatLogin', label: '微信登录', extra: '登录页提供微信扫码登录。' },
  { name: 'cropLogin', label: '企业微信登录', extra: '登录页提供企业微信登录。' },
  { name: 'dingLogin', label: '钉钉登录', extra: '登录页提供钉钉登录。' },
  { name: 'faceLogin', label: '人脸登录', extra: '登录页提供人脸识别登录；开启后用户资料中可上传人脸照片。' },
];
/** Site module flags (SPEC §3 site data, §6): a module switched off is hidden everywhere (menus, header, dashboard) and refuses its calls. */
const MODULE_SWITCHES: { name: keyof SwitchConfig; label: string; extra: string }[] = [
  { name: 'moduleBattle', label: '答题竞赛', extra: '开启后，管理端显示“答题竞赛”菜单，学员端显示竞赛入口；关闭后全部隐藏。保存后刷新页面生效。' },
];

export default function SysSwitch() {
  const [form] = Form.useForm<SwitchConfig>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: DETAIL_KEY, queryFn: () => call(configApi.switchDetail, {}), refetchOnWindowFocus: false });
  const deptType = Form.useWatch('userDeptType', form);
  const faceAudit = Form.useWatch('faceAudit', form);

  useEffect(() => {
    if (detail.data) form.setFieldsValue(detail.data);
  }, [detail.data, form]);

  const submit = async (values: SwitchConfig) => {
    setSaving(true);
    try {
      await call(configApi.switchSave, { ...values, userDeptCode: (values.userDeptCode ?? '').trim() });
      message.success('功能开关配置成功！');
      void queryClient.invalidateQueries({ queryKey: DETAIL_KEY });
      void refreshSiteInfo(queryClient);
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  if (detail.isError && !detail.data) {
    return (
      <Card className="page" title="功能开关">
        <LoadFailed onRetry={() => void detail.refetch()} />
      </Card>
    );
  }

  const switchItem = (s: { name: keyof SwitchConfig; label: string; extra: string }) => (
    <Form.Item key={s.name} name={s.name} label={s.label} extra={s.extra} valuePropName="checked" rules={[zodRule(switchConfigData.shape[s.name])]}>
      <Switch checkedChildren="开" unCheckedChildren="关" data-testid={`sys-switch-${s.name}`} />
    </Form.Item>
  );

  return (
    <Card className="page" title="功能开关">
      <Spin spinning={detail.isLoading}>
        <Form<SwitchConfig> form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={submit} data-testid="sys-switch-form">
          <Divider titlePlacement="start">注册</Divider>
          {REG_SWITCHES.map(switchItem)}
          <Form.Item name="userDeptType" label="注册部门" required rules={[zodRule(switchConfigData.shape.userDeptType)]}>
            <Radio.Group options={DEPT_TYPE_OPTIONS} data-testid="sys-switch-dept-type" />
          </Form.Item>
          {deptType === UserDeptType.FIXED ? (
            <Form.Item name="userDeptCode" label="默认部门编码" required extra="新注册的学员都进入此部门。" rules={[zodRule(userDeptCode, { empty: '' })]}>
              <Input placeholder="如：A01" maxLength={64} style={{ maxWidth: 320 }} data-testid="sys-switch-dept-code" />
            </Form.Item>
          ) : null}
          <Divider titlePlacement="start">登录方式</Divider>
          {LOGIN_SWITCHES.map(switchItem)}
          <Form.Item name="loginTick" label="多处登录" required extra="选择“踢出之前的登录”时，同一账号新的登录会使之前的登录失效。" rules={[zodRule(switchConfigData.shape.loginTick)]}>
            <Radio.Group options={LOGIN_TICK_OPTIONS} data-testid="sys-switch-login-tick" />
          </Form.Item>
          <Divider titlePlacement="start">实名认证</Divider>
          <Form.Item name="faceAudit" label="人脸审核方式" required rules={[zodRule(switchConfigData.shape.faceAudit, { empty: '' })]}>
            <Select options={FACE_AUDIT_OPTIONS} placeholder="请选择人脸审核方式" style={{ maxWidth: 320 }} data-testid="sys-switch-face-audit" />
          </Form.Item>
          {faceAudit === 'auto' ? <Alert type="warning" showIcon title="自动审核会调用付费的实名核验服务，请确认已开通并配置人脸识别服务商。" style={{ marginBottom: 24 }} /> : null}
          <Divider titlePlacement="start">功能模块</Divider>
          {MODULE_SWITCHES.map(switchItem)}
          <Space>
            <PermButton code={SysConfigPerm.SWITCH} type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={detail.isLoading} data-testid="sys-switch-save">
              保存
            </PermButton>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
