/**
 * Add / edit a course (admin ListCourse; SPEC §3 "Course", contracts `courseSaveReq`): title, cover
 * (image upload), category (the course-file category dictionary), content (rich text), the files in
 * course order (CourseFileList with the course-file picker), study settings (videoDrag: seeking
 * allowed; checkOn + checkSec: a captcha check every checkSec seconds of study), who it is open to
 * (1 everybody, 2 departments with their sub-departments, 3 named people through the user-select
 * dialog), price (points and / or money shown only: priced courses are applied for), completion
 * certificate and points. '操作成功！' then closes. Editing loads the admin detail first.
 */
import { useEffect, useState } from 'react';
import { App, Col, Form, Input, InputNumber, Modal, Row, Spin, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { COURSE_CHECK_SEC_DEFAULT, courseApi, courseSaveReq, type CourseRecord } from '@kaopei/contracts/course';
import { COURSE_FILE_CAT_DIC } from '@kaopei/contracts/course-file';
import { call } from '../../../api/request';
import { OpenToFields } from '../../../components/OpenToFields';
import { DictTreeSelect } from '../../../components/DictSelect';
import { FileUpload } from '../../../components/FileUpload';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { zodRule } from '../../../utils/zod-rule';
import { CertSelect } from '../cert/CertSelect';
import { CourseFileList, type CourseFileDraft } from './CourseFileList';

interface Props {
  open: boolean;
  record: CourseRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  cover: string[];
  catId?: string;
  content: string;
  files: CourseFileDraft[];
  videoDrag: boolean;
  checkOn: boolean;
  checkMinutes: number | null;
  faceOn: boolean;
  faceInterval: number | null;
  faceChance: number | null;
  openType: 1 | 2 | 3;
  deptCodes?: string[];
  userIds?: string[];
  costPoints: number | null;
  salePrice: number | null;
  certId?: string | null;
  finishPoints: number | null;
}

const EMPTY: Values = {
  title: '', cover: [], content: '', files: [], videoDrag: true, checkOn: false, checkMinutes: COURSE_CHECK_SEC_DEFAULT / 60, faceOn: false, faceInterval: 10, faceChance: 3, openType: 1, deptCodes: [], userIds: [], costPoints: 0, salePrice: 0,
  certId: null, finishPoints: 0,
};

export function CourseFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const checkOn = Form.useWatch('checkOn', form) ?? false;
  const faceOn = Form.useWatch('faceOn', form) ?? false;
  const detail = useQuery({ queryKey: ['course-admin-detail', record?.id], queryFn: () => call(courseApi.adminDetail, { id: record?.id ?? '' }), enabled: open && Boolean(record) });

  useEffect(() => {
    if (!open) return;
    if (!record) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        title: d.title, cover: d.cover ? [d.cover] : [], catId: d.catId || undefined, content: d.content, videoDrag: d.videoDrag, checkOn: d.checkOn, checkMinutes: Math.round(d.checkSec / 60),
        faceOn: d.faceOn, faceInterval: d.faceInterval, faceChance: d.faceChance,
        openType: d.openType as 1 | 2 | 3, deptCodes: d.deptCodes, userIds: d.userList.map((u) => u.id), costPoints: d.costPoints, salePrice: d.salePrice, certId: d.certId, finishPoints: d.finishPoints,
        files: d.fileList.map((f) => ({ fileId: f.fileId, title: f.title, fileType: f.fileType, fileType_dictText: f.fileType_dictText, duration: f.duration, pageCount: f.pageCount, chapter: f.chapter, needMinutes: f.needMinutes })),
      });
    }
  }, [open, record, detail.data, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await call(courseApi.save, {
        ...(record ? { id: record.id } : {}),
        title: v.title.trim(),
        cover: v.cover[0] ?? '',
        catId: v.catId ?? '',
        content: v.content ?? '',
        videoDrag: v.videoDrag,
        checkOn: v.checkOn,
        checkSec: (v.checkMinutes ?? COURSE_CHECK_SEC_DEFAULT / 60) * 60,
        faceOn: v.faceOn,
        faceInterval: v.faceInterval ?? 10,
        faceChance: v.faceChance ?? 3,
        openType: v.openType,
        deptCodes: v.openType === 2 ? (v.deptCodes ?? []) : [],
        userIds: v.openType === 3 ? (v.userIds ?? []) : [],
        costPoints: v.costPoints ?? 0,
        salePrice: v.salePrice ?? 0,
        certId: v.certId ?? null,
        finishPoints: v.finishPoints ?? 0,
        fileList: v.files.map((f, i) => ({ fileId: f.fileId, chapter: f.chapter.trim(), sort: i + 1, needMinutes: f.needMinutes })),
      });
      message.success('操作成功！');
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={record ? '修改课程' : '添加课程'} width="80%" onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender destroyOnHidden={false}>
      <Spin spinning={Boolean(record) && detail.isFetching}>
        <Form form={form} layout="vertical" initialValues={EMPTY}>
          <Row gutter={16}>
            <Col xs={24} md={14}>
              <Form.Item name="title" label="课程名称" required rules={[zodRule(courseSaveReq.shape.title)]}>
                <Input placeholder="请输入课程名称" maxLength={200} data-testid="course-title" />
              </Form.Item>
              <Form.Item name="catId" label="课程分类">
                <DictTreeSelect dicCode={COURSE_FILE_CAT_DIC} placeholder="请选择分类（可不选）" data-testid="course-cat" />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="cover" label="课程封面（jpg/png）">
                <FileUpload accept={['jpg', 'jpeg', 'png']} limit={1} compress={500} listType="picture-card" buttonText="上传封面" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="content" label="课程介绍">
            <RichTextEditor placeholder="请输入课程介绍" minHeight={120} testId="course-content" />
          </Form.Item>
          <Form.Item
            name="files"
            label="课程章节（课件）"
            required
            rules={[{ validator: async (_r, v: CourseFileDraft[] | undefined) => { if (!v?.length) throw new Error('请至少添加一个课件！'); } }]}
          >
            <CourseFileList />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item name="videoDrag" label="允许拖动进度" valuePropName="checked" tooltip="关闭后学员不能向前拖动视频进度">
                <Switch data-testid="course-video-drag" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="checkOn" label="学习验证码检查" valuePropName="checked">
                <Switch data-testid="course-check-on" />
              </Form.Item>
            </Col>
            {checkOn ? (
              <Col xs={24} md={12}>
                <Form.Item name="checkMinutes" label="验证间隔（分钟）" rules={[{ required: true, message: '验证间隔不能为空！' }]}>
                  <InputNumber min={1} max={120} precision={0} style={{ width: 160 }} data-testid="course-check-minutes" />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item name="faceOn" label="学习人脸核验" valuePropName="checked" tooltip="学习前及学习中按间隔抓拍，与学员实名认证照片比对">
                <Switch data-testid="course-face-on" />
              </Form.Item>
            </Col>
            {faceOn ? (
              <>
                <Col xs={12} md={6}>
                  <Form.Item name="faceInterval" label="抓拍间隔（分钟）" rules={[{ required: true, message: '人脸验证间隔不能为空！' }]}>
                    <InputNumber min={1} max={120} precision={0} style={{ width: 140 }} data-testid="course-face-interval" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="faceChance" label="连续失败次数" tooltip="连续失败达到该次数将退出学习" rules={[{ required: true, message: '人脸失败次数不能为空！' }]}>
                    <InputNumber min={1} max={10} precision={0} style={{ width: 140 }} data-testid="course-face-chance" />
                  </Form.Item>
                </Col>
              </>
            ) : null}
          </Row>
          <OpenToFields active={open} testId="course" usersLabel="学习人员" />
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item name="costPoints" label="所需积分（0 免费）" rules={[zodRule(courseSaveReq.shape.costPoints)]}>
                <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid="course-cost-points" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="salePrice" label="课程价格（元，需申请）" tooltip="平台不在线收款：仅标价的课程由学员申请、管理员审核后开通">
                <InputNumber min={0} max={1_000_000} precision={2} style={{ width: '100%' }} data-testid="course-sale-price" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="certId" label="完成后颁发证书">
                <CertSelect data-testid="course-cert" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="finishPoints" label="完成奖励积分" rules={[zodRule(courseSaveReq.shape.finishPoints)]}>
                <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} data-testid="course-finish-points" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
