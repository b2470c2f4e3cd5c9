/**
 * Tables for the rich-text editor: the nodes table / tableRow / tableHeader / tableCell on
 * prosemirror-tables (shipped inside @tiptap/pm), with cell editing (Tab to the next cell) and the
 * commands the toolbar menu runs. @tiptap/extension-table itself is not used: its published versions
 * pin an older @tiptap/core than the editor's, so it would bring a second core. The HTML is plain
 * `<table><tbody><tr><th|td>` with colspan/rowspan, which the rich-text sanitiser allows.
 */
import { mergeAttributes, Node, type Editor } from '@tiptap/react';
import { addColumnAfter, addRowAfter, deleteColumn, deleteRow, deleteTable, goToNextCell, isInTable, tableEditing } from '@tiptap/pm/tables';
import type { Command } from '@tiptap/pm/state';

/** colspan / rowspan of a cell (1 when absent). */
const spanAttrs = {
  colspan: { default: 1, parseHTML: (el: HTMLElement) => Number(el.getAttribute('colspan') ?? 1) || 1 },
  rowspan: { default: 1, parseHTML: (el: HTMLElement) => Number(el.getAttribute('rowspan') ?? 1) || 1 },
  colwidth: { default: null, rendered: false },
};

/** The node spec's `tableRole` (prosemirror-tables finds the table parts by it). */
const role = (tableRole: string) => ({ tableRole });

export const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  addAttributes: () => spanAttrs,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', mergeAttributes(HTMLAttributes), 0],
  ...role('cell'),
});

export const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  addAttributes: () => spanAttrs,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', mergeAttributes(HTMLAttributes), 0],
  ...role('header_cell'),
});

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', mergeAttributes(HTMLAttributes), 0],
  ...role('row'),
});

export const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: ({ HTMLAttributes }) => ['table', mergeAttributes(HTMLAttributes), ['tbody', 0]],
  ...role('table'),
  /** Copies each node extension's `tableRole` into its ProseMirror node spec. */
  extendNodeSchema(extension) {
    const tableRole = (extension.config as { tableRole?: string }).tableRole;
    return tableRole ? { tableRole } : {};
  },
  addProseMirrorPlugins: () => [tableEditing()],
  addKeyboardShortcuts() {
    return {
      Tab: () => (isInTable(this.editor.state) ? this.editor.commands.command(({ state, dispatch }) => goToNextCell(1)(state, dispatch)) : false),
      'Shift-Tab': () => (isInTable(this.editor.state) ? this.editor.commands.command(({ state, dispatch }) => goToNextCell(-1)(state, dispatch)) : false),
    };
  },
});

/** The table extensions, in the order the editor takes them. */
export const TABLE_EXTENSIONS = [Table, TableRow, TableHeader, TableCell];

/** A `rows` × `cols` table whose first row is a header row, as Tiptap JSON. */
export function emptyTable(rows: number, cols: number) {
  const cell = (type: 'tableHeader' | 'tableCell') => ({ type, content: [{ type: 'paragraph' }] });
  return {
    type: 'table',
    content: Array.from({ length: rows }, (_, r) => ({ type: 'tableRow', content: Array.from({ length: cols }, () => cell(r === 0 ? 'tableHeader' : 'tableCell')) })),
  };
}

/** Runs a prosemirror-tables command on the editor (false when it does not apply, e.g. outside a table). */
function run(editor: Editor, cmd: Command): boolean {
  return editor.chain().focus().command(({ state, dispatch }) => cmd(state, dispatch)).run();
}

/** The table menu of the toolbar: key, label, and what it does. */
export const TABLE_ACTIONS: { key: string; label: string; run: (e: Editor) => boolean; needsTable: boolean }[] = [
  { key: 'insert', label: '插入表格（3×3）', run: (e) => e.chain().focus().insertContent(emptyTable(3, 3)).run(), needsTable: false },
  { key: 'row', label: '在下方插入行', run: (e) => run(e, addRowAfter), needsTable: true },
  { key: 'col', label: '在右侧插入列', run: (e) => run(e, addColumnAfter), needsTable: true },
  { key: 'delRow', label: '删除行', run: (e) => run(e, deleteRow), needsTable: true },
  { key: 'delCol', label: '删除列', run: (e) => run(e, deleteColumn), needsTable: true },
  { key: 'delTable', label: '删除表格', run: (e) => run(e, deleteTable), needsTable: true },
];

/** True when the cursor is inside a table. */
export const inTable = (editor: Editor) => isInTable(editor.state);
