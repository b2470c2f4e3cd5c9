/**
 * The rich-text profile (question content, options, analysis, notices, messages): what the server
 * keeps when it saves rich text (apps/server/src/lib/sanitize.ts) and what the web keeps when it
 * renders it (apps/web/src/utils/html.ts). Both run DOMPurify with THIS profile and THESE hooks, so
 * the two can never drift apart.
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

/** Tags kept; anything else is removed (its text kept, except for svg/math/script/style/… whose content goes too). */
export const ALLOWED_TAGS = [
  'a', 'abbr', 'address', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code',
  'col', 'colgroup', 'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 'rp', 'rt',
  'ruby', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
];
/** Attributes kept (plus aria-*); `target`/`rel` are set by the link hook, not taken from input. */
export const ALLOWED_ATTR = [
  'href', 'src', 'alt', 'title', 'style', 'class', 'dir', 'lang', 'width', 'height', 'align', 'valign',
  'border', 'cellpadding', 'cellspacing', 'bgcolor', 'colspan', 'rowspan', 'scope', 'span', 'color', 'face',
  'size', 'start', 'type', 'reversed', 'datetime', 'cite',
];
/** Explicit deny-list on top of the allow-list (belt and braces: these win even if someone widens ALLOWED_TAGS). */
export const FORBID_TAGS = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button',
  'textarea', 'select', 'option', 'link', 'meta', 'base', 'template', 'noscript', 'svg', 'math', 'animate',
  'animatemotion', 'animatetransform', 'set', 'discard', 'foreignobject', 'use',
];
export const FORBID_ATTR = ['id', 'name', 'srcdoc', 'formaction', 'action', 'xlink:href', 'attributename', 'values', 'from', 'to', 'by'];
/** href/src: http(s), mailto or relative (no scheme). data: images are admitted by the hook, img src only. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp);/i;
const BAD_STYLE = /expression\(|javascript:|vbscript:|-moz-binding|behavior:|@import/i;

/** DOMPurify options of the profile (pass to `sanitize(html, RICH_TEXT_PROFILE)`). */
export const RICH_TEXT_PROFILE = {
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

/** True when the text contains a tag: it is HTML (sanitised); otherwise plain text (left as typed). */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-zA-Z][^>]*>/.test(text);
}

/** The URL without control characters and whitespace, which browsers skip when reading a scheme. */
function compactUrl(value: string): string {
  return Array.from(value)
    .filter((c) => c.charCodeAt(0) > 0x20 && !/[\s\u180E\u200B-\u200D]/.test(c))
    .join('');
}

/** The part of DOMPurify the hooks need (structural: contracts do not depend on DOMPurify or the DOM). */
export interface PurifierHooks {
  addHook(entry: 'uponSanitizeAttribute', hook: (node: { nodeName: string }, data: { attrName: string; attrValue: string; keepAttr: boolean }) => void): void;
  addHook(entry: 'afterSanitizeAttributes', hook: (node: { nodeName: string; hasAttribute(name: string): boolean; setAttribute(name: string, value: string): void }) => void): void;
}

/**
 * Installs the profile's two hooks on a DOMPurify instance: `data:` URLs only as an `<img src>` of a
 * raster image type, `style` dropped when it carries script-like CSS, and every link opened in a new
 * tab without opener (`target="_blank" rel="noopener noreferrer"`).
 */
export function installRichTextHooks(purifier: PurifierHooks): void {
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName;
    if (name === 'href' || name === 'src') {
      const compact = compactUrl(data.attrValue);
      if (/^data:/i.test(compact)) data.keepAttr = name === 'src' && node.nodeName.toLowerCase() === 'img' && DATA_IMAGE.test(compact);
    } else if (name === 'style') {
      const css = data.attrValue.replace(/\/\*[\s\S]*?\*\//g, '').replace(/[\\\s]/g, '');
      if (BAD_STYLE.test(css)) data.keepAttr = false;
    }
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() === 'a' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}
