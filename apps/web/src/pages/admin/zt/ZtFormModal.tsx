/**
 * Add / edit a topic 专题 (contracts `ztSaveReq` → /api/zt/save): title, cover, description (rich
 * text) and its resources in order: courses and training news picked by title, links with a title and
 * an http(s) address; rows move up / down and are removed. `classId` fixes the class of a new topic.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Spin, Table, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, LinkOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { classNewsApi } from '@kaopei/contracts/class-news';
import { courseApi } from '@kaopei/contracts/course';
import { ZT_ITEM_TYPE_LABEL, ztApi, ztSaveReq, type ZtItemType, type ZtRecord } from '@kaopei/contracts/zt';
import { call } from '../../../api/request';
import { FileUpload } from '../../../components/FileUpload';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { TitleSelect } from '../../../components/TitleSelect';
import { zodRule } from '../../../utils/zod-rule';

interface Props {
  open: boolean;
  record: ZtRecord | null;
  classId: string;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  cover: string[];
  content: string;
}

interface Row {
  key: string;
  itemType: ZtItemType;
  refId: string;
  url: string;
  title: string;
}

let seq = 0;
const rowKey = () => `r${++seq}`;
const labelOf = (option: unknown) => (option && !Array.isArray(option) ? String((option as { label?: unknown }).label ?? '') : '');

export function ZtFormModal({ open, record, classId, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const detail = useQuery({ queryKey: ['zt-detail', record?.id], queryFn: () => call(ztApi.detail, { id: record?.id ?? '' }), enabled: open && Boolean(record) });

  useEffect(() => {
    if (!open) return;
    if (!record) {
      form.setFieldsValue({ title: '', cover: [], content: '' });
      setRows([]);
    } else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({ title: d.title, cover: d.cover ? [d.cover] : [], content: d.content });
      setRows(d.items.map((i) => ({ key: rowKey(), itemType: i.itemType, refId: i.refId, url: i.url, title: i.title })));
    }
  }, [open, record, detail.data, form]);

  const add = (row: Omit<Row, 'key'>) => {
    if (row.itemType !== 'link' && rows.some((r) => r.itemType === row.itemType && r.refId === row.refId)) return;
    setRows((rs) => [...rs, { ...row, key: rowKey() }]);
  };
  const patch = (key: string, p: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const move = (i: number, d: number) =>
    setRows((rs) => {
      const next = [...rs];
      const [r] = next.splice(i, 1);
      next.splice(i + d, 0, r!);
      return next;
    });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await call(ztApi.save, {
        ...(record ? { id: record.id } : {}),
        title: v.title.trim(), cover: v.cover[0] ?? '', content: v.content, classId: record ? record.classId : classId,
        items: rows.map((r, i) => ({ itemType: r.itemType, refId: r.refId, url: r.url.trim(), title: r.title.trim(), sort: i + 1 })),
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

  const columns: TableColumnsType<Row> = [
    { title: '类型', dataIndex: 'itemType', width: 70, render: (v: ZtItemType) => ZT_ITEM_TYPE_LABEL[v] },
    { title: '标题', dataIndex: 'title', render: (v: string, r) => (r.itemType === 'link' ? <Input value={v} placeholder="链接标题" onChange={(e) => patch(r.key, { title: e.target.value })} /> : v) },
    { title: '链接地址', dataIndex: 'url', render: (v: string, r) => (r.itemType === 'link' ? <Input value={v} placeholder="https://" onChange={(e) => patch(r.key, { url: e.target.value })} data-testid="zt-link-url" /> : '-') },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r, i) => (
        <Space size={0}>
          <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label="上移" />
          <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === rows.length - 1} onClick={() => move(i, 1)} aria-label="下移" />
          <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))} aria-label="移除" />
        </Space>
      ),
    },
  ];

  return (
    <Modal open={open} title={record ? '编辑专题' : '添加专题'} width={860} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Spin spinning={Boolean(record) && detail.isFetching}>
        <Form form={form} layout="vertical">
          <Form.Item name="title" label="专题标题" required rules={[zodRule(ztSaveReq.shape.title)]}>
            <Input placeholder="请输入专题标题" maxLength={200} data-testid="zt-title" />
          </Form.Item>
          <Form.Item name="cover" label="封面（jpg/png）">
            <FileUpload accept={['jpg', 'jpeg', 'png']} limit={1} compress={500} listType="picture-card" buttonText="上传封面" />
          </Form.Item>
          <Form.Item name="content" label="专题介绍">
            <RichTextEditor placeholder="请输入专题介绍" testId="zt-content" />
          </Form.Item>
        </Form>
        <Space wrap style={{ marginBottom: 12 }}>
          <TitleSelect
            queryKey="zt-course-select"
            placeholder="添加课程"
            style={{ width: 260 }}
            value={undefined}
            fetch={async (keyword) => call(courseApi.paging, { current: 1, size: 100, params: keyword ? { title: keyword } : {} })}
            onChange={(refId: string, option) => refId && add({ itemType: 'course', refId, url: '', title: labelOf(option) })}
            data-testid="zt-course-select"
          />
          <TitleSelect
            queryKey="zt-news-select"
            placeholder="添加资讯"
            style={{ width: 260 }}
            value={undefined}
            fetch={async (keyword) => call(classNewsApi.paging, { current: 1, size: 100, params: keyword ? { title: keyword } : {} })}
            onChange={(refId: string, option) => refId && add({ itemType: 'news', refId, url: '', title: labelOf(option) })}
            data-testid="zt-news-select"
          />
          <Button icon={<LinkOutlined />} onClick={() => add({ itemType: 'link', refId: '', url: '', title: '' })} data-testid="zt-add-link">
            添加链接
          </Button>
        </Space>
        <Table<Row> rowKey="key" size="small" pagination={false} columns={columns} dataSource={rows} locale={{ emptyText: '暂无资源，请添加课程、资讯或链接' }} />
      </Spin>
    </Modal>
  );
}
