/**
 * Server-side sanitising of rich text (question content, options, analysis; later notices and
 * messages) with DOMPurify running on one jsdom window, created lazily on first use.
 *
 * WHERE IT IS CALLED: the services call it at SAVE time, before a row is written, so that the
 * database never holds active markup: question save (qu.service), spreadsheet import (qu.import),
 * and later notices and messages. The web renders the stored HTML through its own DOMPurify pass
 * (apps/web/src/utils/html.ts, `sanitizeHtml`) as a second line of defence for rows written before
 * this existed or by other paths.
 *
 * PROFILE: this file and apps/web/src/utils/html.ts carry the SAME profile (tags, attributes, URL
 * rule, style rule, link hook). Nothing is shared between them on purpose (the web cannot import
 * server code); when you change one, change the other and both test files
 * (lib/sanitize.test.ts, apps/web/src/utils/html.test.ts).
 *
 *  - kept: ordinary formatting (p, div, span, br, hr, b/strong, i/em, u, s, sub, sup, font, headings,
 *    lists, blockquote, pre, code, …), tables (table … td, colgroup/col, caption), images, links;
 *    attributes style, class, title, alt, dir, lang, width/height, align/valign, table layout
 *    attributes, font color/face/size, list start/type; aria-*.
 *  - URLs: href must be http:, https:, mailto: or relative; img src must be http:, https:, relative
 *    or data:image/(png|jpeg|gif|webp|bmp) (no data:image/svg+xml, no data:text/*).
 *  - links get target="_blank" rel="noopener noreferrer" (hook), whatever they said.
 *  - inline style is kept (the yf banks rely on `<p style=…>`) unless it carries expression(),
 *    javascript:/vbscript:, -moz-binding, behavior or @import, in which case the attribute is dropped.
 *  - removed: script, style elements, iframe/frame/object/embed/applet, form and form controls,
 *    link/meta/base, template/noscript, svg and math as a whole (so svg animation elements such as
 *    animate/set, which can rewrite href to javascript:, never survive), every `on*` handler, id/name
 *    (DOM clobbering), data-* attributes, and URLs with any other scheme (javascript:, vbscript:,
 *    data:text/html …, including entity- or case-obfuscated forms, which the parser decodes first).
 */
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import { createRequire } from 'node:module';

// jsdom is large: loaded on the first HTML input, not when the server starts.
const requireLazily = createRequire(import.meta.url);

/** Tags kept; anything else is removed (its text kept, except for svg/math/script/style/… whose content goes too). */
const ALLOWED_TAGS = [
  'a', 'abbr', 'address', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code',
  'col', 'colgroup', 'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 'rp', 'rt',
  'ruby', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
];
/** Attributes kept (plus aria-*); `target`/`rel` are set by the link hook, not taken from input. */
const ALLOWED_ATTR = [
  'href', 'src', 'alt', 'title', 'style', 'class', 'dir', 'lang', 'width', 'height', 'align', 'valign',
  'border', 'cellpadding', 'cellspacing', 'bgcolor', 'colspan', 'rowspan', 'scope', 'span', 'color', 'face',
  'size', 'start', 'type', 'reversed', 'datetime', 'cite',
];
/** Explicit deny-list on top of the allow-list (belt and braces: these win even if someone widens ALLOWED_TAGS). */
const FORBID_TAGS = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button',
  'textarea', 'select', 'option', 'link', 'meta', 'base', 'template', 'noscript', 'svg', 'math', 'animate',
  'animatemotion', 'animatetransform', 'set', 'discard', 'foreignobject', 'use',
];
const FORBID_ATTR = ['id', 'name', 'srcdoc', 'formaction', 'action', 'xlink:href', 'attributename', 'values', 'from', 'to', 'by'];
/** href/src: http(s), mailto or relative (no scheme). data: images are admitted by the hook, img src only. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp);/i;
const BAD_STYLE = /expression\(|javascript:|vbscript:|-moz-binding|behavior:|@import/i;

/** The DOMPurify config both sides use (see the file comment; keep equal to apps/web/src/utils/html.ts). */
export const RICH_TEXT_PROFILE: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  FORBID_TAGS,
  FORBID_ATTR,
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  RETURN_DOM: false,
  RETURN_DOM_FRAGMENT: false,
};

/** Same test as the web's `looksLikeHtml`: the text contains a tag. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-zA-Z][^>]*>/.test(text);
}

/** The URL without control characters and whitespace, which browsers skip when reading a scheme. */
function compactUrl(value: string): string {
  return Array.from(value)
    .filter((c) => c.charCodeAt(0) > 0x20 && !/[\s\u180E\u200B-\u200D]/.test(c))
    .join('');
}

let purifier: DOMPurify | null = null;

/** The one DOMPurify instance (own jsdom window, hooks installed once). */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const { JSDOM } = requireLazily('jsdom') as typeof import('jsdom');
  const { window } = new JSDOM('');
  const p = createDOMPurify(window as unknown as WindowLike);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName;
    if (name === 'href' || name === 'src') {
      const compact = compactUrl(data.attrValue);
      if (/^data:/i.test(compact)) {
        data.keepAttr = name === 'src' && node.nodeName.toLowerCase() === 'img' && DATA_IMAGE.test(compact);
      }
    } else if (name === 'style') {
      const css = data.attrValue.replace(/\/\*[\s\S]*?\*\//g, '').replace(/[\\\s]/g, '');
      if (BAD_STYLE.test(css)) data.keepAttr = false;
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() === 'a' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = p;
  return p;
}

/**
 * Sanitise rich text for storage and display.
 *
 * - Plain text (no tag, per `looksLikeHtml`) is returned UNCHANGED: 'a < b', '1<2', newlines and
 *   entities-looking text stay as typed; the web renders plain text as text, never as HTML.
 * - HTML is run through DOMPurify with RICH_TEXT_PROFILE (see the file comment for what is kept and
 *   what is removed) and returned as serialised HTML.
 *
 * Idempotent: sanitizeRichText(sanitizeRichText(x)) === sanitizeRichText(x).
 * Synchronous; the jsdom window is created on the first HTML input (some tens of ms), then reused.
 */
export function sanitizeRichText(text: string): string {
  if (!text || !looksLikeHtml(text)) return text;
  return getPurifier().sanitize(text, RICH_TEXT_PROFILE);
}

/**
 * Return a shallow copy of `obj` whose listed string fields went through `sanitizeRichText`;
 * other fields, and listed fields that are not strings (null, undefined, numbers), are copied as is.
 * E.g. `sanitizeFields(input, ['content', 'analysis'])` before inserting a question.
 */
export function sanitizeFields<T extends object>(obj: T, keys: (keyof T)[]): T {
  const out = { ...obj };
  for (const key of keys) {
    const value = out[key];
    if (typeof value === 'string') out[key] = sanitizeRichText(value) as T[keyof T];
  }
  return out;
}
