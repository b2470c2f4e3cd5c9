/**
 * A rich-text field for admin forms (notice content, message templates, later course and class
 * texts): `value` / `onChange` carry HTML, so it sits in a Form.Item like an input. The editor
 * (Tiptap, about 100 KB gzip) is loaded only when the field is shown; until then a placeholder box
 * of the same height is rendered. The server sanitises the HTML at save (contracts rich-text
 * profile) and RichText sanitises it again when shown, so the editor is not a security boundary.
 * Props: `value` (HTML, '' = empty), `onChange(html)` ('' when the document is empty),
 * `placeholder`, `minHeight` (px, default 200), `testId` (data-testid of the editable area),
 * `apiRef` (filled once the editor is ready: `insertText(text)` inserts at the cursor, e.g. a
 * template variable).
 */
import { lazy, Suspense, type RefObject } from 'react';

/** What a form can do with a loaded editor. */
export interface RichTextEditorApi {
  insertText(text: string): void;
}

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  minHeight?: number;
  testId?: string;
  apiRef?: RefObject<RichTextEditorApi | null>;
}

const Editor = lazy(() => import('./rich-editor/Editor'));

export function RichTextEditor(props: RichTextEditorProps) {
  const fallback = <div className="rich-editor rich-editor-loading" style={{ minHeight: (props.minHeight ?? 200) + 41 }} />;
  return (
    <Suspense fallback={fallback}>
      <Editor {...props} />
    </Suspense>
  );
}
