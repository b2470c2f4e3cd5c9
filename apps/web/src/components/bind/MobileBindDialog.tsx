/**
 * Bind/unbind mobile dialog of the learner (SPEC §2, §3 phone form, §4 "Mobile binding dialog: type
 * 1 binds, type 0 unbinds (mobile field locked). Success clears the form and closes it", §5 mobile
 * and code rules, §8 '手机号绑定成功！' / '手机号解绑成功！').
 *
 * The number, the image captcha, then 获取验证码 (SmsCodeInput: smsType 2 to bind, 3 to unbind)
 * and the code → /api/sys/user/bind/bind-mobile or unbind-mobile.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { mobileSchema, smsCodeSchema, SmsType } from '@kaopei/contracts/sms';
import { BIND_MSG, bindApi } from '@kaopei/contracts/sys-bind';
import { call } from '../../api/request';
import { zodRule } from '../../utils/zod-rule';
import CaptchaInput from '../CaptchaInput';
import { captchaRule, freshCaptcha, type CaptchaValue } from '../captcha';
import SmsCodeInput from '../SmsCodeInput';

/** SPEC §4: 1 binds, 0 unbinds. */
export type MobileBindType = 1 | 0;

export interface MobileBindDialogProps {
  open: boolean;
  type: MobileBindType;
  /** The bound number (unbinding: shown locked). */
  mobile?: string;
  onClose: () => void;
  /** After a successful bind or unbind (the list reloads). */
  onDone: () => void;
}

interface Values {
  mobile: string;
  captcha: CaptchaValue;
  smsCode: string;
}

export default function MobileBindDialog({ open, type, mobile = '', onClose, onDone }: MobileBindDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const binding = type === 1;

  useEffect(() => {
    if (open) form.setFieldsValue({ mobile: binding ? '' : mobile, captcha: freshCaptcha(), smsCode: '' });
  }, [open, binding, mobile, form]);

  /** The number and captcha to send the code with (a rejection shows the fields' errors and sends nothing). */
  const prepare = async () => {
    const v = await form.validateFields(['mobile', 'captcha']);
    return { mobile: v.mobile.trim(), captchaKey: v.captcha.captchaKey, captchaValue: v.captcha.captchaValue.trim() };
  };

  const submit = async () => {
    const v = await form.validateFields(['mobile', 'smsCode']).catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await call(binding ? bindApi.bindMobile : bindApi.unbindMobile, { mobile: v.mobile.trim(), smsCode: v.smsCode.trim() });
      message.success(binding ? BIND_MSG.mobileBound : BIND_MSG.mobileUnbound);
      form.resetFields();
      onDone();
      onClose();
    } catch {
      // shown by the request helper; the loading state ends (SPEC §8)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={binding ? '绑定手机号' : '解绑手机号'}
      width={580}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={binding ? '绑定' : '解绑'}
      okButtonProps={{ danger: !binding, ...{ 'data-testid': 'mobile-bind-ok' } }}
      cancelText="取消"
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item name="mobile" label="手机号" required rules={[zodRule(mobileSchema)]}>
          <Input prefix={<MobileOutlined />} placeholder="请输入手机号" maxLength={11} disabled={!binding} data-testid="mobile-bind-mobile" />
        </Form.Item>
        <Form.Item name="captcha" label="图形验证码" required rules={[captchaRule]}>
          <CaptchaInput testId="mobile-bind-captcha" />
        </Form.Item>
        <Form.Item name="smsCode" label="短信验证码" required rules={[zodRule(smsCodeSchema)]}>
          <SmsCodeInput
            smsType={binding ? SmsType.BIND : SmsType.UNBIND}
            prepare={prepare}
            onAttempt={() => form.setFieldValue('captcha', freshCaptcha())}
            placeholder="请输入短信验证码"
            testId="mobile-bind-code"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
