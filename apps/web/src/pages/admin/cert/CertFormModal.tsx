/**
 * Add / edit a certificate template (issue 7 "Certificates"; contracts `certSaveReq` →
 * /api/cert/cert/save) with a LIVE preview: title, issuing authority, validity in months (empty =
 * never expires), background image (jpg/png upload), and the position of each field (x, y in % of
 * the page, font size in points, alignment; the QR code's side in points). Every change redraws the
 * preview at once; choosing 放置 on a field and clicking the preview puts the field there.
 *
 * Test ids: `cert-title`, `cert-authority`, `cert-expire`, `cert-submit`, `cert-pos-{field}-x|y|size`,
 * `cert-place-{field}`, and the preview's (CertPreview).
 */
import { useEffect, useState } from 'react';
import { App, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Spin, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  CERT_FIELD_LABEL,
  CERT_FIELDS,
  CERT_SAMPLE,
  certApi,
  certNoText,
  certSaveReq,
  DEFAULT_CERT_LAYOUT,
  type CertAlign,
  type CertField,
  type CertLayout,
  type CertRecord,
} from '@kaopei/contracts/cert';
import { call } from '../../../api/request';
import { FileUpload } from '../../../components/FileUpload';
import { zodRule } from '../../../utils/zod-rule';
import { CertPreview } from './CertPreview';

interface Props {
  open: boolean;
  record: CertRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  authority: string;
  expireMonths: number | null;
  bg: string[];
}

const ALIGN_OPTIONS: { value: CertAlign; label: string }[] = [
  { value: 'left', label: '左对齐' },
  { value: 'center', label: '居中' },
  { value: 'right', label: '右对齐' },
];

const pct = (v: number) => Math.round(v * 1000) / 10;

export function CertFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [layout, setLayout] = useState<CertLayout>(DEFAULT_CERT_LAYOUT);
  const [placing, setPlacing] = useState<CertField | null>(null);
  const detail = useQuery({ queryKey: ['cert-detail', record?.id], queryFn: () => call(certApi.detail, { id: record?.id ?? '' }), enabled: open && Boolean(record) });
  const title = Form.useWatch('title', form) ?? '';
  const authority = Form.useWatch('authority', form) ?? '';
  const bg = Form.useWatch('bg', form) ?? [];

  useEffect(() => {
    if (!open) return;
    setPlacing(null);
    if (!record) {
      form.setFieldsValue({ title: '', authority: '', expireMonths: null, bg: [] });
      setLayout(DEFAULT_CERT_LAYOUT);
    } else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({ title: d.title, authority: d.authority, expireMonths: d.expireMonths, bg: d.bgImage ? [d.bgImage] : [] });
      setLayout(d.layout);
    }
  }, [open, record, detail.data, form]);

  const move = (field: CertField, patch: Partial<{ x: number; y: number; size: number; align: CertAlign }>) =>
    setLayout((l) => ({ ...l, [field]: { ...l[field], ...patch } }));

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const parsed = certSaveReq.safeParse({
      ...(record ? { id: record.id } : {}),
      title: values.title,
      authority: values.authority,
      expireMonths: values.expireMonths ?? null,
      bgImage: values.bg[0] ?? '',
      layout,
    });
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? '请检查输入');
      return;
    }
    setSaving(true);
    try {
      await call(certApi.save, parsed.data);
      message.success('操作成功！');
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<{ field: CertField }> = [
    { title: '字段', dataIndex: 'field', width: 110, render: (_, { field }) => CERT_FIELD_LABEL[field] },
    {
      title: '横向(%)',
      width: 90,
      render: (_, { field }) => (
        <InputNumber size="small" min={0} max={100} step={1} precision={1} value={pct(layout[field].x)} onChange={(v) => v !== null && move(field, { x: v / 100 })} data-testid={`cert-pos-${field}-x`} />
      ),
    },
    {
      title: '纵向(%)',
      width: 90,
      render: (_, { field }) => (
        <InputNumber size="small" min={0} max={100} step={1} precision={1} value={pct(layout[field].y)} onChange={(v) => v !== null && move(field, { y: v / 100 })} data-testid={`cert-pos-${field}-y`} />
      ),
    },
    {
      title: '字号/尺寸',
      width: 90,
      render: (_, { field }) => (
        <InputNumber
          size="small"
          min={field === 'qr' ? 30 : 6}
          max={field === 'qr' ? 300 : 120}
          value={layout[field].size}
          onChange={(v) => v !== null && move(field, { size: v })}
          data-testid={`cert-pos-${field}-size`}
        />
      ),
    },
    {
      title: '对齐',
      width: 100,
      render: (_, { field }) => {
        const pos = layout[field];
        return field === 'qr' || !('align' in pos) ? null : (
          <Select<CertAlign> size="small" value={pos.align} options={ALIGN_OPTIONS} onChange={(align) => move(field, { align })} style={{ width: 90 }} />
        );
      },
    },
    {
      title: '放置',
      width: 60,
      render: (_, { field }) => <Radio checked={placing === field} onChange={() => setPlacing(field)} data-testid={`cert-place-${field}`} />,
    },
  ];

  return (
    <Modal
      open={open}
      title={record ? '编辑证书' : '添加证书'}
      width="80%"
      style={{ maxWidth: 1400, top: 24 }}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ 'data-testid': 'cert-submit' } as Record<string, string>}
      forceRender
    >
      <Spin spinning={Boolean(record) && detail.isFetching}>
        <Row gutter={24}>
          <Col xs={24} xl={10}>
            <Form form={form} layout="vertical">
              <Form.Item name="title" label="证书名称" required rules={[zodRule(certSaveReq.shape.title)]}>
                <Input maxLength={100} placeholder="如：安全生产培训合格证书" data-testid="cert-title" />
              </Form.Item>
              <Form.Item name="authority" label="发证机构" required rules={[zodRule(certSaveReq.shape.authority)]}>
                <Input maxLength={100} placeholder="如：考培培训中心" data-testid="cert-authority" />
              </Form.Item>
              <Form.Item name="expireMonths" label="有效期（月，留空为长期有效）" rules={[zodRule(certSaveReq.shape.expireMonths)]}>
                <InputNumber min={1} max={1200} precision={0} style={{ width: 200 }} placeholder="长期有效" data-testid="cert-expire" />
              </Form.Item>
              <Form.Item name="bg" label="背景图片（A4横向，jpg/png）">
                <FileUpload accept={['jpg', 'jpeg', 'png']} listType="picture" buttonText="上传背景" />
              </Form.Item>
            </Form>
            <Table<{ field: CertField }>
              rowKey="field"
              size="small"
              pagination={false}
              columns={columns}
              dataSource={CERT_FIELDS.map((field) => ({ field }))}
              scroll={{ x: 540 }}
            />
          </Col>
          <Col xs={24} xl={14}>
            <div style={{ marginBottom: 8, color: '#888' }}>{placing ? `点击预览图放置「${CERT_FIELD_LABEL[placing]}」` : '预览（示例数据）；选择“放置”后点击预览图可直接定位'}</div>
            <CertPreview
              layout={layout}
              bgImage={bg[0] ?? ''}
              active={placing}
              onPick={placing ? (x, y) => move(placing, { x, y }) : undefined}
              texts={{
                title: title || '证书名称',
                name: CERT_SAMPLE.name,
                refTitle: CERT_SAMPLE.refTitle,
                certNo: certNoText(CERT_SAMPLE.certNo),
                authority: authority || '发证机构',
                date: CERT_SAMPLE.date,
              }}
            />
          </Col>
        </Row>
      </Spin>
    </Modal>
  );
}
