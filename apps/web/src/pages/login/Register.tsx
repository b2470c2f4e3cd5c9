/**
 * /register (SPEC §2, §5): userName, realName, password, confirm and the image captcha →
 * /api/sys/user/reg. Rules come from the contracts (userNameSchema '用户不能为空！', realNameSchema
 * '姓名不能为空！', passwordSchema with PASSWORD_MSG, '图形验证码不能为空！') and the confirm check
 * '两次密码输入不一致！'. Success logs the learner in → /web/home; a failed attempt shows a new captcha
 * (each is good for one check).
 *
 * The switch configuration (public site info) shapes the form (SPEC §3 "Switch config"):
 * - userDeptType 0: the learner chooses a unit ('请选择所属单位') from the public registration tree
 *   (/api/sys/depart/reg-tree); 1: no choice, the server puts them in the default department;
 * - userAudit: the form says that an administrator reviews new accounts, and a registration answers
 *   without a token: the page then shows '注册成功' and the review message instead of logging in.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Form, Input, Result, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { UserDeptType } from '@kaopei/contracts/sys-config';
import { departApi } from '@kaopei/contracts/sys-depart';
import { call } from '../../api/request';
import CaptchaInput from '../../components/CaptchaInput';
import { captchaRule, freshCaptcha, type CaptchaValue } from '../../components/captcha';
import { CONFIRM_MISMATCH_MSG, DEPT_REQUIRED_MSG, REG_PENDING_MSG, regReq } from '@kaopei/contracts/sys-user';
import { roleHome, useAuth } from '../../store/auth';
import { useSiteInfo } from '../../store/site';
import { zodRule } from '../../utils/zod-rule';

interface RegForm {
  userName: string;
  realName: string;
  password: string;
  confirm: string;
  deptCode?: string;
  captcha: CaptchaValue;
}

/** Shown above the form when new accounts wait for an administrator's review (switch userAudit). */
export const REG_AUDIT_HINT = '注册后需经管理员审核通过才能登录';

export default function Register() {
  const { register } = useAuth();
  const { site, loaded } = useSiteInfo();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm<RegForm>();
  const [pending, setPending] = useState(false);
  const chooseDept = loaded && site.userDeptType === UserDeptType.CHOOSE;
  const departs = useQuery({ queryKey: ['depart-reg-tree'], queryFn: () => call(departApi.regTree, {}), enabled: chooseDept, staleTime: 60_000 });

  const onFinish = async (values: RegForm) => {
    setLoading(true);
    try {
      const user = await register({
        userName: values.userName.trim(),
        realName: values.realName.trim(),
        password: values.password,
        ...(chooseDept && values.deptCode ? { deptCode: values.deptCode } : {}),
        captchaKey: values.captcha.captchaKey,
        captchaValue: values.captcha.captchaValue.trim(),
      });
      if (user.token) navigate(roleHome(user), { replace: true });
      else setPending(true);
    } catch {
      // Shown by the request helper; the captcha was used up, show a new one.
      form.setFieldValue('captcha', freshCaptcha());
    } finally {
      setLoading(false);
    }
  };

  if (pending) {
    return (
      <Result
        status="success"
        title="注册成功"
        subTitle={<span data-testid="reg-pending">{REG_PENDING_MSG}</span>}
        extra={
          <Link to="/login">
            <Button type="primary">返回登录</Button>
          </Link>
        }
      />
    );
  }

  return (
    <>
      <h2 className="login-title">用户注册</h2>
      {loaded && !site.userReg ? <Alert type="warning" showIcon title="系统未开放注册！" style={{ marginBottom: 16 }} /> : null}
      {loaded && site.userReg && site.userAudit ? (
        <Alert type="info" showIcon title={REG_AUDIT_HINT} style={{ marginBottom: 16 }} data-testid="reg-audit-hint" />
      ) : null}
      <Form<RegForm> form={form} size="large" layout="vertical" onFinish={onFinish} initialValues={{ captcha: freshCaptcha() }} autoComplete="off" requiredMark={false}>
        <Form.Item name="userName" label="用户名" rules={[zodRule(regReq.shape.userName)]}>
          <Input placeholder="用户名" data-testid="reg-username" autoComplete="username" />
        </Form.Item>
        <Form.Item name="realName" label="姓名" rules={[zodRule(regReq.shape.realName)]}>
          <Input placeholder="真实姓名" data-testid="reg-realname" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[zodRule(regReq.shape.password)]}>
          <Input.Password placeholder="密码" data-testid="reg-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value: string | undefined) => {
                if (!value || value !== getFieldValue('password')) throw new Error(CONFIRM_MISMATCH_MSG);
              },
            }),
          ]}
        >
          <Input.Password placeholder="再次输入密码" data-testid="reg-confirm" autoComplete="new-password" />
        </Form.Item>
        {chooseDept ? (
          <Form.Item name="deptCode" label="所属单位" rules={[{ required: true, message: DEPT_REQUIRED_MSG }]}>
            <TreeSelect<string>
              allowClear
              placeholder={DEPT_REQUIRED_MSG}
              listHeight={300}
              loading={departs.isFetching}
              treeData={departs.data ?? []}
              showSearch={{ treeNodeFilterProp: 'title' }}
              notFoundContent={departs.isLoading ? '加载中…' : '暂无相关数据！'}
              data-testid="reg-dept"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="captcha" label="图形验证码" rules={[captchaRule]}>
          <CaptchaInput testId="reg-captcha" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="reg-submit">
          注册
        </Button>
      </Form>
      <div className="login-links">
        <Link to="/web/home">返回首页</Link>
        <Link to="/login">已有账号？立即登录</Link>
      </div>
    </>
  );
}
