/**
 * The Tiptap editor behind RichTextEditor (see there): a toolbar (bold, italic, underline, strike,
 * headings 2/3, bullet and ordered lists, quote, link, image upload, table menu, attachment, undo,
 * redo, clear formatting) over an editable area. Images and attachments are uploaded to
 * /api/common/file/upload (types and sizes of SPEC §5); an image is inserted by its url, an
 * attachment as a link named by the file. Tables: table.ts. Tiptap's own CSS injection is off
 * (styles.css has the rules).
 */
import { useEffect, useRef } from 'react';
import { App, Button, Divider, Dropdown, Tooltip } from 'antd';
import {
  BoldOutlined, ClearOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PaperClipOutlined, PictureOutlined, RedoOutlined,
  StrikethroughOutlined, TableOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor as TiptapEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { FILE_EXTS, FILE_MAX_BYTES, FILE_TYPES, extOf, fileApi, fileKindOf } from '@kaopei/contracts/sys-file';
import { upload } from '../../api/request';
import type { RichTextEditorProps } from '../RichTextEditor';
import { inTable, TABLE_ACTIONS, TABLE_EXTENSIONS } from './table';

/** The editor's HTML, '' for an empty document (so a required rule sees an empty field). */
export const htmlOf = (editor: TiptapEditor) => (editor.isEmpty ? '' : editor.getHTML());

interface Tool {
  key: string;
  title: string;
  icon: React.ReactNode;
  run: (e: TiptapEditor) => void;
  active?: (e: TiptapEditor) => boolean;
}

const TOOLS: Tool[] = [
  { key: 'bold', title: '加粗', icon: <BoldOutlined />, run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  { key: 'italic', title: '斜体', icon: <ItalicOutlined />, run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  { key: 'underline', title: '下划线', icon: <UnderlineOutlined />, run: (e) => e.chain().focus().toggleUnderline().run(), active: (e) => e.isActive('underline') },
  { key: 'strike', title: '删除线', icon: <StrikethroughOutlined />, run: (e) => e.chain().focus().toggleStrike().run(), active: (e) => e.isActive('strike') },
  { key: 'h2', title: '标题', icon: <b>H2</b>, run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive('heading', { level: 2 }) },
  { key: 'h3', title: '小标题', icon: <b>H3</b>, run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive('heading', { level: 3 }) },
  { key: 'ul', title: '无序列表', icon: <UnorderedListOutlined />, run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { key: 'ol', title: '有序列表', icon: <OrderedListOutlined />, run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
  { key: 'quote', title: '引用', icon: <b>❝</b>, run: (e) => e.chain().focus().toggleBlockquote().run(), active: (e) => e.isActive('blockquote') },
];

export default function Editor({ value = '', onChange, placeholder = '请输入内容', minHeight = 200, testId, apiRef }: RichTextEditorProps) {
  const { message, modal } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const attachInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    injectCSS: false,
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }),
      Image,
      ...TABLE_EXTENSIONS,
      Placeholder.configure({ placeholder }),
    ],
    content: value,
    editorProps: { attributes: { class: 'rich-editor-content rich-text', style: `min-height:${minHeight}px`, ...(testId ? { 'data-testid': testId } : {}) } },
    onUpdate: ({ editor: e }) => onChange?.(htmlOf(e)),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(TOOLS.map((t) => [t.key, t.active?.(e) ?? false])) as Record<string, boolean>,
  });

  useEffect(() => {
    if (!apiRef) return;
    apiRef.current = { insertText: (text) => editor.chain().focus().insertContent(text).run() };
    return () => {
      apiRef.current = null;
    };
  }, [editor, apiRef]);

  // A value set from outside (form reset, record loaded) replaces the document; our own edits come back equal.
  useEffect(() => {
    if (editor && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const setLink = () => {
    let href = editor.getAttributes('link').href as string | undefined;
    modal.confirm({
      title: '插入链接',
      icon: null,
      content: <input className="ant-input" defaultValue={href ?? 'https://'} onChange={(ev) => (href = ev.target.value)} data-testid="rich-editor-link" />,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        const url = (href ?? '').trim();
        if (!url) editor.chain().focus().unsetLink().run();
        else if (!/^(https?:\/\/|mailto:)/i.test(url)) message.warning('链接须以 http:// 、https:// 或 mailto: 开头');
        else editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
      },
    });
  };

  const insertImage = async (file: File) => {
    if (!(FILE_TYPES.image as readonly string[]).includes(extOf(file.name))) return void message.warning(`文件格式不正确，请上传${FILE_TYPES.image.join('/')}格式的文件！`);
    if (file.size > FILE_MAX_BYTES.image) return void message.warning(`图片不能超过${FILE_MAX_BYTES.image / 1024 / 1024}MB！`);
    const { url } = await upload(fileApi.upload, file, {});
    editor.chain().focus().setImage({ src: url, alt: file.name }).run();
  };

  /** Uploads any accepted file and inserts a link to it named by the file (the attachment button). */
  const insertAttachment = async (file: File) => {
    const kind = fileKindOf(extOf(file.name));
    if (!kind) return void message.warning(`文件格式不正确，请上传${FILE_EXTS.join('/')}格式的文件！`);
    if (file.size > FILE_MAX_BYTES[kind]) return void message.warning(`文件不能超过${FILE_MAX_BYTES[kind] / 1024 / 1024}MB！`);
    const { url } = await upload(fileApi.upload, file, {});
    editor.chain().focus().insertContent([{ type: 'text', text: file.name, marks: [{ type: 'link', attrs: { href: url } }] }, { type: 'text', text: ' ' }]).run();
  };

  return (
    <div className="rich-editor">
      <div className="rich-editor-toolbar" role="toolbar">
        {TOOLS.map((t) => (
          <Tooltip key={t.key} title={t.title}>
            <Button size="small" type={state[t.key] ? 'primary' : 'text'} icon={t.icon} aria-label={t.title} onClick={() => t.run(editor)} />
          </Tooltip>
        ))}
        <Divider type="vertical" />
        <Tooltip title="链接">
          <Button size="small" type={editor.isActive('link') ? 'primary' : 'text'} icon={<LinkOutlined />} aria-label="链接" onClick={setLink} />
        </Tooltip>
        <Tooltip title="图片">
          <Button size="small" type="text" icon={<PictureOutlined />} aria-label="图片" onClick={() => fileInput.current?.click()} />
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={FILE_TYPES.image.map((x) => `.${x}`).join(',')}
          onChange={(ev) => {
            const file = ev.target.files?.[0];
            ev.target.value = '';
            if (file) void insertImage(file).catch(() => undefined);
          }}
        />
        <Dropdown
          trigger={['click']}
          menu={{
            items: TABLE_ACTIONS.map((a) => ({ key: a.key, label: a.label, disabled: a.needsTable && !inTable(editor) })),
            onClick: ({ key }) => void TABLE_ACTIONS.find((a) => a.key === key)?.run(editor),
          }}
        >
          <Tooltip title="表格">
            <Button size="small" type={inTable(editor) ? 'primary' : 'text'} icon={<TableOutlined />} aria-label="表格" data-testid="rich-editor-table" />
          </Tooltip>
        </Dropdown>
        <Tooltip title="附件">
          <Button size="small" type="text" icon={<PaperClipOutlined />} aria-label="附件" onClick={() => attachInput.current?.click()} data-testid="rich-editor-attach" />
        </Tooltip>
        <input
          ref={attachInput}
          type="file"
          hidden
          accept={FILE_EXTS.map((x) => `.${x}`).join(',')}
          data-testid="rich-editor-attach-input"
          onChange={(ev) => {
            const file = ev.target.files?.[0];
            ev.target.value = '';
            if (file) void insertAttachment(file).catch(() => undefined);
          }}
        />
        <Divider type="vertical" />
        <Tooltip title="撤销">
          <Button size="small" type="text" icon={<UndoOutlined />} aria-label="撤销" onClick={() => editor.chain().focus().undo().run()} />
        </Tooltip>
        <Tooltip title="重做">
          <Button size="small" type="text" icon={<RedoOutlined />} aria-label="重做" onClick={() => editor.chain().focus().redo().run()} />
        </Tooltip>
        <Tooltip title="清除格式">
          <Button size="small" type="text" icon={<ClearOutlined />} aria-label="清除格式" onClick={() => editor.chain().focus().unsetAllMarks().clearNodes().run()} />
        </Tooltip>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
