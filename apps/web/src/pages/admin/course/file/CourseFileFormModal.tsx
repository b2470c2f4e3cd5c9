/**
 * Add / edit a course file (SPEC §4 "Course files", §5 messages; issue 11 ListFile): type select
 * (链接/文档/视频, locked on edit — the server refuses a change), title, link address (links) or the
 * uploaded file (documents: pdf/doc/docx/ppt/pptx/xls/xlsx; videos: mp4) through FileUpload with its
 * progress bar, and a category from the 课件分类 dictionary tree. Saves through /api/course/file/save
 * and shows '课件保存成功!'. A new or replaced document/video is processed in the background.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { COURSE_DOC_EXTS, COURSE_FILE_CAT_DIC, COURSE_FILE_SAVED, COURSE_FILE_TYPE_LABEL, COURSE_VIDEO_EXTS, courseFileApi, courseFileSaveReq, CourseFileType, type CourseFileRecord } from '@kaopei/contracts/course-file';
import { call } from '../../../../api/request';
import { DictTreeSelect } from '../../../../components/DictSelect';
import { FileUpload } from '../../../../components/FileUpload';
import { zodRule } from '../../../../utils/zod-rule';

interface Props {
  open: boolean;
  record: CourseFileRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  fileType?: number;
  title: string;
  viewUrl: string;
  files: string[];
  catId?: string;
}

export const TYPE_OPTIONS = Object.entries(COURSE_FILE_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }));

export function CourseFileFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const fileType = Form.useWatch('fileType', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) form.setFieldsValue({ fileType: record.fileType, title: record.title, viewUrl: record.viewUrl, files: record.fileUrl ? [record.fileUrl] : [], catId: record.catId || undefined });
    else form.setFieldsValue({ fileType: CourseFileType.VIDEO, title: '', viewUrl: '', files: [], catId: undefined });
  }, [open, record, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const isLink = values.fileType === CourseFileType.LINK;
      await call(courseFileApi.save, {
        ...(record ? { id: record.id } : {}),
        title: values.title.trim(),
        fileType: values.fileType as 11 | 22 | 33,
        viewUrl: isLink ? values.viewUrl.trim() : '',
        fileUrl: isLink ? '' : (values.files[0] ?? ''),
        catId: values.catId ?? '',
      });
      message.success(COURSE_FILE_SAVED);
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const accept = fileType === CourseFileType.VIDEO ? COURSE_VIDEO_EXTS : COURSE_DOC_EXTS;
  return (
    <Modal open={open} title={record ? '编辑课件' : '添加课件'} width={580} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="fileType" label="课件类型" required rules={[{ required: true, message: '课件类型不能为空！' }]} extra={record ? '课件类型保存后不能修改' : undefined}>
          <Select options={TYPE_OPTIONS} disabled={Boolean(record)} data-testid="course-file-type" onChange={() => form.setFieldsValue({ files: [] })} />
        </Form.Item>
        <Form.Item name="title" label="课件名称" required rules={[zodRule(courseFileSaveReq.shape.title)]}>
          <Input placeholder="请输入课件名称" maxLength={200} data-testid="course-file-title" />
        </Form.Item>
        {fileType === CourseFileType.LINK ? (
          <Form.Item
            name="viewUrl"
            label="链接地址"
            required
            rules={[{ validator: async (_r, v: string) => { if (!v?.trim()) throw new Error('链接地址不能为空！'); if (!/^https?:\/\/\S+$/i.test(v.trim())) throw new Error('链接地址必须以http://或https://开头！'); } }]}
          >
            <Input placeholder="https://" maxLength={1000} data-testid="course-file-url" />
          </Form.Item>
        ) : (
          <Form.Item
            name="files"
            label={fileType === CourseFileType.VIDEO ? '视频文件' : '文档文件'}
            required
            rules={[{ validator: async (_r, v: string[] | undefined) => { if (!v?.length) throw new Error('课件文件必须上传！'); } }]}
            extra={<Typography.Text type="secondary">{fileType === CourseFileType.VIDEO ? '仅支持mp4，保存后在后台转码' : `支持${COURSE_DOC_EXTS.join('/')}，Office文档在服务器转换为PDF`}</Typography.Text>}
          >
            <FileUpload key={fileType} accept={accept} limit={1} buttonText="上传文件" />
          </Form.Item>
        )}
        <Form.Item name="catId" label="课件分类">
          <DictTreeSelect dicCode={COURSE_FILE_CAT_DIC} placeholder="请选择分类" data-testid="course-file-cat" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
