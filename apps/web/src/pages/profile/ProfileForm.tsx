/**
 * The profile form (SPEC §2 "Personal info page", §3 "User" profile fields, §5 "Profile form"):
 * loads POST /api/sys/user/profile and saves POST /api/sys/user/update ('资料修改成功！').
 *
 * Rules (messages of the contracts, same as the server's):
 * - required: 所属单位 ('请选择所属单位'), 性别, 民族, 出生日期, 政治面貌, 参加工作时间, 文化程度;
 * - 部门名称 (bmmc) shows and is required ('请输入部门名称') only when the chosen unit has sfyxjbm = 1;
 * - 职务 (zw, xzzw) is required unless a 党内职务 (dnzw) is chosen ('请选择职务'); 其他 asks for the
 *   post's name (qtzw, '请输入职务名称'), which replaces zw in the payload;
 * - a refused submit says '请完善必填项' (or '请选择职务' when only the post is missing);
 * - 姓名 is hidden when face login is on (the name then comes from real-name verification);
 *   身份证号 is optional, checked when filled, with a hint that it keeps the account safe.
 *
 * Test ids: `profile-form`, `profile-{field}` (inputs on the input, selects and date pickers on
 * their wrapper), `profile-submit`.
 */
import { useMemo, useState } from 'react';
import { App, Button, Col, DatePicker, Form, Input, Result, Row, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { profileFields, profileUpdateReq, realNameSchema, userApi, UserError, ZW_OTHER, PROFILE_INCOMPLETE_MSG, dateSchema } from '@kaopei/contracts/sys-user';
import { call } from '../../api/request';
import { DepartSelect, findDepartOption, useDepartOptions } from '../../components/DepartSelect';
import { DictSelect, DictTreeSelect } from '../../components/DictSelect';
import { useDict } from '../../components/useDict';
import { useAuth } from '../../store/auth';
import { useSiteInfo } from '../../store/site';
import { zodRule } from '../../utils/zod-rule';
import { PROFILE_KEY, useProfile } from './profile-query';
import { ID_CARD_HINT, PROFILE_SAVED_MSG, QTZW_REQUIRED_MSG, submitFailMessage, toFormValues, toPayload, ZW_REQUIRED_MSG, type ProfileFormValues } from './profile-form';

const required = { required: true, message: PROFILE_INCOMPLETE_MSG };
const dateRules = [required, zodRule(dateSchema)];
const DATE_FORMAT = 'YYYY-MM-DD';
/** A DatePicker field holding 'yyyy-MM-dd' strings. */
const dateProps = {
  getValueProps: (v: string | undefined) => ({ value: v ? dayjs(v, DATE_FORMAT) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format(DATE_FORMAT) : ''),
};

export default function ProfileForm() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const { site } = useSiteInfo();
  const [form] = Form.useForm<ProfileFormValues>();
  const profile = useProfile();
  const posts = useDict('xzzw');
  const departs = useDepartOptions();
  const [saving, setSaving] = useState(false);

  const deptCode = Form.useWatch('deptCode', form);
  const zw = Form.useWatch('zw', form);
  const needsBmmc = findDepartOption(departs.data ?? [], deptCode)?.sfyxjbm === 1;
  const withRealName = !site.faceLogin;

  const ready = profile.isSuccess && !posts.loading;
  const initial = useMemo(() => (profile.data && ready ? toFormValues(profile.data, (v) => posts.labels.has(v)) : undefined), [profile.data, ready, posts.labels]);

  const onFinish = async (values: ProfileFormValues) => {
    const payload = toPayload(values, { needsBmmc, withRealName });
    setSaving(true);
    try {
      await call(userApi.update, payload);
    } catch {
      return; // shown by the request helper (e.g. '请输入部门名称' when the server knows better)
    } finally {
      setSaving(false);
    }
    message.success(PROFILE_SAVED_MSG);
    updateUser({ deptCode: payload.deptCode, ...(payload.realName ? { realName: payload.realName } : {}) });
    await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
  };

  if (profile.isError) {
    // The request helper showed why; offer to try again.
    return (
      <Result
        status="warning"
        title="资料加载失败"
        extra={
          <Button onClick={() => void profile.refetch()} data-testid="profile-retry">
            重试
          </Button>
        }
      />
    );
  }
  if (!initial) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <Form<ProfileFormValues>
      // Remounted with fresh initial values once a save reloads the profile.
      key={profile.dataUpdatedAt}
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      onFinishFailed={({ errorFields }) => message.error(submitFailMessage(errorFields))}
      data-testid="profile-form"
      style={{ maxWidth: 760 }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="用户名">
            <Input value={profile.data?.userName} disabled data-testid="profile-userName" />
          </Form.Item>
        </Col>
        {withRealName ? (
          <Col xs={24} md={12}>
            <Form.Item name="realName" label="姓名" required rules={[zodRule(realNameSchema, { empty: '' })]}>
              <Input maxLength={32} data-testid="profile-realName" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="deptCode" label="所属单位" required rules={[zodRule(profileUpdateReq.shape.deptCode, { empty: '' })]}>
            <DepartSelect placeholder="请选择所属单位" data-testid="profile-deptCode" />
          </Form.Item>
        </Col>
        {needsBmmc ? (
          <Col xs={24} md={12}>
            <Form.Item name="bmmc" label="部门名称" required validateFirst rules={[{ required: true, whitespace: true, message: UserError.BMMC_REQUIRED.msg }, zodRule(profileFields.shape.bmmc)]}>
              <Input maxLength={100} placeholder="请输入部门名称" data-testid="profile-bmmc" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="sex" label="性别" required rules={[required]}>
            <DictSelect dicCode="sex" data-testid="profile-sex" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="mz" label="民族" required rules={[required]}>
            <DictSelect dicCode="nation" data-testid="profile-mz" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="csrq" label="出生日期" required validateFirst rules={dateRules} {...dateProps}>
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder="请选择出生日期" data-testid="profile-csrq" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="zzmm" label="政治面貌" required rules={[required]}>
            <DictSelect dicCode="political_landscape" data-testid="profile-zzmm" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gzsj" label="参加工作时间" required validateFirst rules={dateRules} {...dateProps}>
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder="请选择参加工作时间" data-testid="profile-gzsj" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="whcd" label="文化程度" required rules={[required]}>
            <DictSelect dicCode="educational_level" data-testid="profile-whcd" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="zw"
            label="职务"
            dependencies={['dnzw']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, value: string | undefined) => {
                  if (!value && !getFieldValue('dnzw')) throw new Error(ZW_REQUIRED_MSG);
                },
              }),
            ]}
          >
            <DictTreeSelect dicCode="xzzw" leafOnly placeholder="请选择职务" data-testid="profile-zw" />
          </Form.Item>
        </Col>
        {zw === ZW_OTHER ? (
          <Col xs={24} md={12}>
            <Form.Item name="qtzw" label="职务名称" required validateFirst rules={[{ required: true, whitespace: true, message: QTZW_REQUIRED_MSG }, { max: 64, message: '职务名称不能超过64个字符' }]}>
              <Input maxLength={64} placeholder={QTZW_REQUIRED_MSG} data-testid="profile-qtzw" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="dnzw" label="党内职务">
            <DictSelect dicCode="dnzw" placeholder="请选择党内职务" data-testid="profile-dnzw" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label="邮箱" rules={[zodRule(profileFields.shape.email)]}>
            <Input maxLength={128} data-testid="profile-email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="idCard" label="身份证号" extra={ID_CARD_HINT} rules={[zodRule(profileFields.shape.idCard)]}>
            <Input maxLength={18} data-testid="profile-idCard" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-submit">
        保存
      </Button>
    </Form>
  );
}
