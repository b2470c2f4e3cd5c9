/**
 * A small element tree of an XML document, read with saxes (the XML parser exceljs uses, already a
 * dependency): enough for Moodle XML, whose documents are a few MB at most (the upload is capped at
 * IMPORT_MAX_BYTES). `parseXmlTree` throws `XmlTreeError` (with the 1-based line) for a document
 * that is not well-formed.
 */
import { SaxesParser } from 'saxes';

/** One element: its local name, attributes, child elements and its own text (CDATA included). */
export interface XmlEl {
  name: string;
  attrs: Record<string, string>;
  children: XmlEl[];
  text: string;
}

export class XmlTreeError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** Parses a whole XML document into its root element. */
export function parseXmlTree(src: string): XmlEl {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: XmlEl[] = [];
  let root: XmlEl | undefined;
  let failure: XmlTreeError | undefined;
  parser.on('error', (e) => {
    failure ??= new XmlTreeError(e.message, parser.line);
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[k] = String(v);
    const el: XmlEl = { name: tag.name, attrs, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else root ??= el;
    stack.push(el);
  });
  parser.on('closetag', () => void stack.pop());
  const addText = (t: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(src).close();
  } catch (e) {
    failure ??= new XmlTreeError(e instanceof Error ? e.message : String(e), parser.line);
  }
  if (failure) throw failure;
  if (!root) throw new XmlTreeError('no root element', 1);
  return root;
}

/** The first child element named `name`. */
export function child(el: XmlEl | undefined, name: string): XmlEl | undefined {
  return el?.children.find((c) => c.name === name);
}

/** All child elements named `name`. */
export function childrenOf(el: XmlEl | undefined, name: string): XmlEl[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** Text of `<name><text>…</text></name>` (or of `<name>` itself when it has no `<text>`), trimmed. */
export function textOf(el: XmlEl | undefined, name?: string): string {
  const host = name ? child(el, name) : el;
  if (!host) return '';
  const t = child(host, 'text');
  return (t ? t.text : host.text).trim();
}
