/**
 * /admin/sys/face — face provider configuration (SPEC §2 "Face-recognition provider configuration
 * page"; §3 "Face provider configuration"; §5 '服务商必须选择！' as for storage; §8 '配置保存成功！',
 * '服务商切换成功！'). Calls /api/sys/config/prop/detail|save|change with type 'face'
 * (sys:config:prop, administrators only). Providers: local (the server's own engine, nothing to
 * fill, the default), baidu, qcloud, aliyun. Secrets come back masked; the masked value sent back
 * keeps the stored secret.
 */
import { Alert, Card, Form, Input, Select, Space, Spin, Switch, Tag } from 'antd';
import { CheckCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { FACE_PROVIDERS, facePropType, type FaceProvider } from '@kaopei/contracts/face';
import { PROP_MSG, PropPerm } from '@kaopei/contracts/sys-config-prop';
import { PermButton } from '../../../../components/Perm';
import { zodRule } from '../../../../utils/zod-rule';
import { usePropConfig, type PropValues } from '../prop/usePropConfig';

const TYPE = facePropType;
const PROVIDER_LABEL: Record<FaceProvider, string> = { local: '本地引擎（服务器）', baidu: '百度智能云', qcloud: '腾讯云', aliyun: '阿里云' };
const PROVIDER_OPTIONS = FACE_PROVIDERS.map((value) => ({ value, label: PROVIDER_LABEL[value], 'data-testid': `sys-face-provider-option-${value}` }));

interface Field {
  name: string;
  label: string;
  placeholder?: string;
  secret?: boolean;
  extra?: string;
}

/** The text fields of each provider (SPEC §3); every cloud provider also has the liveCheck switch. */
const FIELDS: Record<FaceProvider, Field[]> = {
  local: [],
  baidu: [
    { name: 'appId', label: 'AppId' },
    { name: 'appKey', label: 'API Key' },
    { name: 'secretKey', label: 'Secret Key', secret: true },
    { name: 'faceGroup', label: '人脸库分组', placeholder: '如：kaopei', extra: '百度人脸库中的用户组ID：字母、数字和下划线。' },
  ],
  qcloud: [
    { name: 'region', label: '地域', placeholder: '如：ap-guangzhou' },
    { name: 'secretId', label: 'SecretId' },
    { name: 'secretKey', label: 'SecretKey', secret: true },
    { name: 'groupId', label: '人员库ID', placeholder: '如：kaopei', extra: '不存在时自动创建：字母、数字和下划线。' },
  ],
  aliyun: [
    { name: 'accessKeyId', label: 'AccessKeyId' },
    { name: 'accessKeySecret', label: 'AccessKeySecret', secret: true },
    { name: 'dbName', label: '人脸数据库', placeholder: '如：kaopei', extra: '不存在时自动创建：字母、数字和下划线。' },
  ],
};

type Values = PropValues<FaceProvider, Record<string, string | boolean>>;

/** liveCheck is a switch; the other fields are text. */
const faceData = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).map(([k, v]) => [k, k === 'liveCheck' ? v === true : String(v ?? '')]));

export default function SysFace() {
  const [form] = Form.useForm<Values>();
  const cfg = usePropConfig<FaceProvider, Record<string, string | boolean>>(TYPE, form, { toForm: faceData });
  const { loading, saving, switching, current, onProvider, save, applyCurrent } = cfg;
  const provider = Form.useWatch('provider', form);
  const schema = cfg.schemaOf(provider);

  return (
    <Card
      className="page"
      title="人脸配置"
      extra={current ? <Tag color="blue" data-testid="sys-face-current">当前使用：{PROVIDER_LABEL[current as FaceProvider] ?? current}</Tag> : null}
    >
      <Spin spinning={loading}>
        <Form<Values> form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={save} data-testid="sys-face-form">
          <Form.Item name="provider" label="服务商" required rules={[{ required: true, message: PROP_MSG.provider }]}>
            <Select options={PROVIDER_OPTIONS} placeholder="请选择服务商" style={{ maxWidth: 320 }} onChange={onProvider} data-testid="sys-face-provider" />
          </Form.Item>
          {provider === 'local' ? (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message="本地引擎在服务器上识别人脸，不需要联网，也无需填写配置。" data-testid="sys-face-local-note" />
          ) : null}
          {provider
            ? FIELDS[provider].map((f) => {
                const rule = schema?.shape[f.name];
                const required = rule ? !rule.safeParse('').success : false;
                return (
                  <Form.Item
                    key={`${provider}-${f.name}`}
                    name={['data', f.name]}
                    label={f.label}
                    required={required}
                    extra={f.secret ? '已保存的密钥只显示首尾几位；不修改则保留原值。' : f.extra}
                    rules={rule ? [zodRule(rule, { empty: '' })] : []}
                  >
                    <Input placeholder={f.placeholder} maxLength={200} autoComplete="off" data-testid={`sys-face-${f.name}`} />
                  </Form.Item>
                );
              })
            : null}
          {provider && provider !== 'local' ? (
            <Form.Item name={['data', 'liveCheck']} label="活体检测" valuePropName="checked" extra="开启后每次比对同时检测活体（服务商另行计费）。">
              <Switch data-testid="sys-face-liveCheck" />
            </Form.Item>
          ) : null}
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="sys-face-remark" />
          </Form.Item>
          <Space>
            <PermButton code={PropPerm.UPDATE} type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={loading} data-testid="sys-face-save">
              保存
            </PermButton>
            <PermButton code={PropPerm.UPDATE} icon={<CheckCircleOutlined />} loading={switching} disabled={loading} onClick={() => void applyCurrent()} data-testid="sys-face-use">
              使用当前方案
            </PermButton>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
