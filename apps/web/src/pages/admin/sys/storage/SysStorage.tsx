/**
 * /admin/sys/storage — storage configuration (SPEC §2 "Storage configuration page: choose provider,
 * fill fields, use current plan, save"; §3 "Storage configuration"; §4 "Selecting a storage provider
 * reloads its saved config"; §5 messages, the local dir and url validated on blur; §8
 * '上传配置保存成功！', '服务商切换成功！'). Calls /api/sys/config/prop/detail|save|change with type
 * 'upload' (sys:config:prop, administrators only, SPEC §6). Secrets come back masked; sending the
 * masked value back keeps the stored secret.
 */
import { Card, Form, Input, Select, Space, Spin, Tag } from 'antd';
import { CheckCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { PROP_MSG, PropPerm } from '@kaopei/contracts/sys-config-prop';
import { UPLOAD_PROVIDERS, uploadPropType, type UploadProvider } from '@kaopei/contracts/sys-file';
import { PermButton } from '../../../../components/Perm';
import { zodRule } from '../../../../utils/zod-rule';
import { usePropConfig, type PropValues } from '../prop/usePropConfig';

const TYPE = uploadPropType;
const PROVIDER_LABEL: Record<UploadProvider, string> = { local: '本地存储', aliyun: '阿里云OSS', qcloud: '腾讯云COS', qiniu: '七牛云' };
const PROVIDER_OPTIONS = UPLOAD_PROVIDERS.map((value) => ({ value, label: PROVIDER_LABEL[value], 'data-testid': `sys-storage-provider-option-${value}` }));

interface Field {
  name: string;
  label: string;
  placeholder?: string;
  secret?: boolean;
  /** Validated when the field loses focus (SPEC §5: the local dir and url). */
  onBlur?: boolean;
  extra?: string;
}

/** The fields of each provider (SPEC §3). */
const FIELDS: Record<UploadProvider, Field[]> = {
  local: [
    { name: 'localDir', label: '本地目录', placeholder: '如：/data/kaopei/upload/', onBlur: true, extra: '上传文件保存在服务器的此目录下；以/开头并以/结尾。' },
    { name: 'url', label: '访问URL', placeholder: '如：https://www.example.com/', onBlur: true, extra: '以http://或https://开头并以/结尾。' },
  ],
  aliyun: [
    { name: 'endpoint', label: '存储节点', placeholder: '如：oss-cn-hangzhou.aliyuncs.com' },
    { name: 'bucket', label: '存储空间', placeholder: 'Bucket名称' },
    { name: 'accessKeyId', label: 'AccessKeyId' },
    { name: 'accessKeySecret', label: 'AccessKeySecret', secret: true },
    { name: 'arn', label: '角色ARN', placeholder: '如：acs:ram::1234567890:role/oss-upload', extra: '浏览器直传使用的STS角色。' },
    { name: 'url', label: '访问URL', placeholder: '如：https://bucket.oss-cn-hangzhou.aliyuncs.com/' },
    { name: 'project', label: '媒体处理项目', placeholder: '文档转换项目（可选）' },
    { name: 'pipeline', label: '转码管道ID', placeholder: '视频转码管道（可选）' },
  ],
  qcloud: [
    { name: 'region', label: '存储地域', placeholder: '如：ap-guangzhou' },
    { name: 'bucket', label: '存储空间', placeholder: '如：kaopei-1250000000' },
    { name: 'secretId', label: 'SecretId' },
    { name: 'secretKey', label: 'SecretKey', secret: true },
    { name: 'url', label: '访问URL', placeholder: '如：https://kaopei-1250000000.cos.ap-guangzhou.myqcloud.com/' },
    { name: 'mediaQueue', label: '媒体处理队列', placeholder: '可选' },
  ],
  qiniu: [
    { name: 'endpoint', label: '存储区域', placeholder: '如：z0（华东）、z1、z2、na0、as0' },
    { name: 'bucket', label: '存储空间', placeholder: 'Bucket名称' },
    { name: 'accessKeyId', label: 'AccessKey' },
    { name: 'accessKeySecret', label: 'SecretKey', secret: true },
    { name: 'url', label: '访问URL', placeholder: '空间绑定的域名，如：https://cdn.example.com/' },
  ],
};

type Values = PropValues<UploadProvider, Record<string, string>>;

export default function SysStorage() {
  const [form] = Form.useForm<Values>();
  const cfg = usePropConfig<UploadProvider, Record<string, string>>(TYPE, form);
  const { loading, saving, switching, current, onProvider, save, applyCurrent } = cfg;
  const provider = Form.useWatch('provider', form);
  const schema = cfg.schemaOf(provider);

  return (
    <Card
      className="page"
      title="存储配置"
      extra={current ? <Tag color="blue" data-testid="sys-storage-current">当前使用：{PROVIDER_LABEL[current as UploadProvider] ?? current}</Tag> : null}
    >
      <Spin spinning={loading}>
        <Form<Values> form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={save} data-testid="sys-storage-form">
          <Form.Item name="provider" label="服务商" required rules={[{ required: true, message: PROP_MSG.provider }]}>
            <Select options={PROVIDER_OPTIONS} placeholder="请选择服务商" style={{ maxWidth: 320 }} onChange={onProvider} data-testid="sys-storage-provider" />
          </Form.Item>
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
                    validateTrigger={f.onBlur ? 'onBlur' : 'onChange'}
                    rules={rule ? [zodRule(rule, { empty: '' })] : []}
                  >
                    <Input placeholder={f.placeholder} maxLength={500} autoComplete="off" data-testid={`sys-storage-${f.name}`} />
                  </Form.Item>
                );
              })
            : null}
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="sys-storage-remark" />
          </Form.Item>
          <Space>
            <PermButton code={PropPerm.UPDATE} type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={loading} data-testid="sys-storage-save">
              保存
            </PermButton>
            <PermButton code={PropPerm.UPDATE} icon={<CheckCircleOutlined />} loading={switching} disabled={loading} onClick={() => void applyCurrent()} data-testid="sys-storage-use">
              使用当前方案
            </PermButton>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
