/**
 * 实名认证, a tab of the learner's personal centre (/web/uc?to=real; SPEC §2 real-person
 * verification form, §4 Real-name state, §5 Real-person form, §9 crop box 295×413):
 * - the state of the learner's record: 0 a warning banner (审核中), 1 success, 2 an error banner with
 *   the auditMsg;
 * - realName ('真实姓名不能为空！'), idCard (15/18 digits, checksum: '请输入正确的身份证号'; a hint that it
 *   protects the account), the face photo: one jpg/png/jpeg ('请上传指定格式的图片…' otherwise), cropped
 *   in the browser to 295×413 png and compressed to about 3000 KB (FaceCrop), uploaded to
 *   /api/common/file/upload ('人脸照片必须上传！' without one);
 * - 提交 for a first record, 修改 once one exists; submitting asks the §5 confirmation first. After
 *   it the session's realPerson flag is read again, so that the navigation guard lets a passed
 *   learner go (faceAudit 'no' or 'auto' decide at once).
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Spin, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { userApi } from '@kaopei/contracts/sys-user';
import { ID_CARD_MSG } from '@kaopei/contracts/sys-user';
import { FACE_FORMAT_MSG, FACE_REQUIRED, isIdCard, REAL_NAME_REQUIRED, RealState, SUBMIT_CONFIRM, userRealApi, type RealRecord } from '@kaopei/contracts/user-real';
import { call } from '../../../api/request';
import { uploadWithProgress } from '../../../components/FileUpload';
import { useAuth } from '../../../store/auth';
import { FaceCrop } from './FaceCrop';
import { FACE_EXTS, FACE_GUIDE, isFaceFile } from './face-crop';

interface Values {
  realName: string;
  idCard: string;
  face: string;
}

/** The banner of a record's state (SPEC §4). */
function StateBanner({ rec }: { rec: RealRecord }) {
  if (rec.state === RealState.PASSED) return <Alert type="success" showIcon title="实名认证已通过" data-testid="real-state" />;
  if (rec.state === RealState.FAILED) return <Alert type="error" showIcon title="实名认证未通过" description={rec.auditMsg} data-testid="real-state" />;
  return <Alert type="warning" showIcon title="实名认证审核中，请耐心等待审核结果" data-testid="real-state" />;
}

/** The face photo field: the current photo and a button that opens the crop dialog. */
function FacePhoto({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { message } = App.useApp();
  const [src, setSrc] = useState<string | null>(null);
  const close = () => {
    if (src) URL.revokeObjectURL(src);
    setSrc(null);
  };
  const done = async (file: File) => {
    const item = await uploadWithProgress(file, () => undefined);
    onChange?.(item.url);
    close();
  };
  return (
    <div data-testid="real-face">
      {value && <img src={value} alt="人脸照片" width={118} height={165} style={{ display: 'block', objectFit: 'cover', marginBottom: 8, border: '1px solid #eee' }} data-testid="real-face-img" />}
      <Upload
        accept={FACE_EXTS.map((e) => `.${e}`).join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          if (!isFaceFile(file.name)) message.error(FACE_FORMAT_MSG);
          else setSrc(URL.createObjectURL(file));
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} data-testid="real-face-choose">
          {value ? '重新上传' : '上传照片'}
        </Button>
      </Upload>
      <div className="form-hint" style={{ color: '#999', marginTop: 4 }}>{FACE_GUIDE}</div>
      <FaceCrop src={src} onDone={done} onCancel={close} />
    </div>
  );
}

export default function RealPerson() {
  const { message, modal } = App.useApp();
  const { updateUser } = useAuth();
  const [form] = Form.useForm<Values>();
  const [rec, setRec] = useState<RealRecord | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    void call(userRealApi.detail, {}).then((r) => {
      if (!live) return;
      setRec(r);
      if (r) form.setFieldsValue({ realName: r.realName, idCard: r.idCard, face: r.face });
    }).catch(() => live && setRec(null));
    return () => {
      live = false;
    };
  }, [form]);

  const send = async (values: Values) => {
    setSaving(true);
    try {
      const r = await call(userRealApi.submit, values);
      setRec(r);
      message.success(r.state === RealState.PASSED ? '实名认证已通过！' : r.state === RealState.FAILED ? '实名认证未通过，请查看原因！' : '提交成功，请等待审核！');
      const info = await call(userApi.info, {});
      updateUser({ realPerson: info.realPerson });
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    modal.confirm({ title: '提示', content: SUBMIT_CONFIRM, okText: '确定', cancelText: '取消', okButtonProps: { 'data-testid': 'real-confirm-ok' } as Record<string, string>, onOk: () => send(values) });
  };

  if (rec === undefined) return <Spin />;
  return (
    <Card variant="borderless" data-testid="real-page">
      {rec && <StateBanner rec={rec} />}
      <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 12 }} style={{ marginTop: 16, maxWidth: 720 }}>
        <Form.Item name="realName" label="真实姓名" rules={[{ required: true, whitespace: true, message: REAL_NAME_REQUIRED }]}>
          <Input maxLength={50} data-testid="real-name" />
        </Form.Item>
        <Form.Item
          name="idCard"
          label="身份证号"
          extra="建议填写本人真实身份证号，以保障账号安全"
          rules={[{ validator: (_, v: string | undefined) => (v && isIdCard(v.trim()) ? Promise.resolve() : Promise.reject(new Error(ID_CARD_MSG))) }]}
        >
          <Input maxLength={18} data-testid="real-idcard" />
        </Form.Item>
        <Form.Item name="face" label="人脸照片" rules={[{ required: true, message: FACE_REQUIRED }]}>
          <FacePhoto />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)} data-testid="real-submit">
            {rec ? '修改' : '提交'}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
