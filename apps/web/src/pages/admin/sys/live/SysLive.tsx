/**
 * /admin/sys/live — live configuration (SPEC §2 "a live-streaming configuration form"; §3 "Live
 * configuration": type "live", provider aliyun, data pushDomain, pushKey, pullDomain, pullKey; §5
 * '服务商必须选择！'; §8 '直播配置保存成功！'). Calls /api/sys/config/prop/detail|save with type
 * 'live' (sys:config:prop, administrators only). The keys come back masked; the masked value sent
 * back keeps the stored key.
 */
import { Alert, Card, Form, Input, Select, Space, Spin } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { livePropType } from '@kaopei/contracts/live-class';
import { PROP_MSG, PropPerm } from '@kaopei/contracts/sys-config-prop';
import { PermButton } from '../../../../components/Perm';
import { zodRule } from '../../../../utils/zod-rule';
import { usePropConfig, type PropValues } from '../prop/usePropConfig';

const TYPE = livePropType;
const PROVIDER_OPTIONS = [{ value: 'aliyun', label: '阿里云视频直播', 'data-testid': 'sys-live-provider-option-aliyun' }];

/** The fields of the aliyun form (SPEC §3). */
const FIELDS = [
  { name: 'pushDomain', label: '推流域名', placeholder: '如：push.example.com', extra: '阿里云视频直播控制台中添加的推流域名（只填域名）。' },
  { name: 'pushKey', label: '推流鉴权Key', secret: true },
  { name: 'pullDomain', label: '播放域名', placeholder: '如：play.example.com', extra: '播流域名（只填域名）；学员通过 HTTPS 播放 HLS（.m3u8）。' },
  { name: 'pullKey', label: '播放鉴权Key', secret: true },
] as const;

type Values = PropValues<string, Record<string, string>>;

export default function SysLive() {
  const [form] = Form.useForm<Values>();
  const cfg = usePropConfig<string, Record<string, string>>(TYPE, form);
  const { loading, saving, saved, save } = cfg;
  const schema = cfg.schemaOf('aliyun');

  return (
    <Card className="page" title="直播配置">
      <Spin spinning={loading}>
        <Form<Values> form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={save} data-testid="sys-live-form">
          {!loading && !saved ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="尚未保存直播配置：保存后才能生成推流和播放地址。" data-testid="sys-live-unsaved" /> : null}
          <Form.Item name="provider" label="服务商" required rules={[{ required: true, message: PROP_MSG.provider }]}>
            <Select options={PROVIDER_OPTIONS} placeholder="请选择服务商" style={{ maxWidth: 320 }} data-testid="sys-live-provider" />
          </Form.Item>
          {FIELDS.map((f) => {
            const rule = schema?.shape[f.name];
            return (
              <Form.Item
                key={f.name}
                name={['data', f.name]}
                label={f.label}
                required
                extra={'secret' in f ? '已保存的密钥只显示首尾几位；不修改则保留原值。' : f.extra}
                rules={rule ? [zodRule(rule, { empty: '' })] : []}
              >
                <Input placeholder={'placeholder' in f ? f.placeholder : undefined} maxLength={253} autoComplete="off" data-testid={`sys-live-${f.name}`} />
              </Form.Item>
            );
          })}
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="sys-live-remark" />
          </Form.Item>
          <Space>
            <PermButton code={PropPerm.UPDATE} type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={loading} data-testid="sys-live-save">
              保存
            </PermButton>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
