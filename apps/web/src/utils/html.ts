/**
 * Rendering helpers for question content, analysis and copyright text, which may hold HTML (the yf
 * banks carry `<p style=…>` markup, images) or plain text with `\n` newlines.
 *
 * `sanitizeHtml` runs DOMPurify (the maintained sanitiser; it replaced a hand-written blocklist that
 * let `<svg><a><animate attributeName="href" values="javascript:…">` through) with the rich-text
 * profile below.
 *
 * PROFILE: this file and apps/server/src/lib/sanitize.ts carry the SAME profile (tags, attributes,
 * URL rule, style rule, link hook). The server applies it at save time; this is the second line of
 * defence at render time (rows stored before, or by another path). Nothing is shared between them on
 * purpose (the web cannot import server code): when you change one, change the other and both test
 * files (apps/web/src/utils/html.test.ts, apps/server/src/lib/sanitize.test.ts).
 *
 *  - kept: ordinary formatting (p, div, span, br, hr, b/strong, i/em, u, s, sub, sup, font, headings,
 *    lists, blockquote, pre, code, …), tables, images, links; attributes style, class, title, alt,
 *    dir, lang, width/height, align/valign, table layout attributes, font color/face/size, list
 *    start/type; aria-*.
 *  - URLs: href must be http:, https:, mailto: or relative; img src must be http:, https:, relative
 *    or data:image/(png|jpeg|gif|webp|bmp) (no data:image/svg+xml, no data:text/*).
 *  - links get target="_blank" rel="noopener noreferrer" (hook), whatever they said.
 *  - inline style is kept unless it carries expression(), javascript:/vbscript:, -moz-binding,
 *    behavior or @import, in which case the attribute is dropped.
 *  - removed: script, style elements, iframe/frame/object/embed/applet, form and form controls,
 *    link/meta/base, template/noscript, svg and math as a whole (so svg animation elements never
 *    survive), every `on*` handler, id/name (DOM clobbering), data-* attributes, and URLs with any
 *    other scheme (javascript:, vbscript:, data:text/html …, including entity- or case-obfuscated
 *    forms, which the parser decodes first).
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

const ALLOWED_TAGS = [
  'a', 'abbr', 'address', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code',
  'col', 'colgroup', 'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 'rp', 'rt',
  'ruby', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
];
const ALLOWED_ATTR = [
  'href', 'src', 'alt', 'title', 'style', 'class', 'dir', 'lang', 'width', 'height', 'align', 'valign',
  'border', 'cellpadding', 'cellspacing', 'bgcolor', 'colspan', 'rowspan', 'scope', 'span', 'color', 'face',
  'size', 'start', 'type', 'reversed', 'datetime', 'cite',
];
const FORBID_TAGS = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button',
  'textarea', 'select', 'option', 'link', 'meta', 'base', 'template', 'noscript', 'svg', 'math', 'animate',
  'animatemotion', 'animatetransform', 'set', 'discard', 'foreignobject', 'use',
];
const FORBID_ATTR = ['id', 'name', 'srcdoc', 'formaction', 'action', 'xlink:href', 'attributename', 'values', 'from', 'to', 'by'];
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp);/i;
const BAD_STYLE = /expression\(|javascript:|vbscript:|-moz-binding|behavior:|@import/i;

/** The DOMPurify config (keep equal to RICH_TEXT_PROFILE in apps/server/src/lib/sanitize.ts). */
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

/**
 * True when the text contains markup (a tag: `<p>`, `</b>`, `<img …>`), false for plain text such as
 * 'a < b' or '1<2'. Plain text is rendered as text (never as HTML), so it needs no sanitising.
 * Same test as the server's `looksLikeHtml` (apps/server/src/lib/sanitize.ts).
 */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-zA-Z][^>]*>/.test(text);
}

function compactUrl(value: string): string {
  return Array.from(value)
    .filter((c) => c.charCodeAt(0) > 0x20 && !/[\s\u180E\u200B-\u200D]/.test(c))
    .join('');
}

let purifier: Purifier | null = null;

/**
 * Our own DOMPurify instance bound to `window`, created on first use, so that our hooks do not
 * leak into the shared default instance that other code may use with another config.
 */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
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
 * Sanitise HTML for `dangerouslySetInnerHTML`: DOMPurify with RICH_TEXT_PROFILE (see the file
 * comment for what is kept and removed). Input: an HTML fragment; output: the serialised, safe
 * fragment (idempotent). Callers pass HTML only (`looksLikeHtml` true); plain text is rendered as text.
 */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, RICH_TEXT_PROFILE);
}

/**
 * Plain-text excerpt of content that may be HTML (list columns): the text content of the markup
 * (script/style/template/noscript content dropped), whitespace collapsed to single spaces, cut to
 * `max` characters plus '…' when `max` > 0. Parsed with DOMParser, whose documents are inert (no
 * script runs, no image loads); the result is text for React to render as text, never HTML.
 */
export function htmlToText(text: string, max = 0): string {
  let plain = text;
  if (looksLikeHtml(text)) {
    const body = new DOMParser().parseFromString(`<body>${text}</body>`, 'text/html').body;
    body.querySelectorAll('script, style, template, noscript').forEach((el) => el.remove());
    plain = body.textContent ?? '';
  }
  const flat = plain.replace(/\s+/g, ' ').trim();
  return max > 0 && flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
