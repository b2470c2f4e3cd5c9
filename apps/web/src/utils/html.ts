/**
 * Rendering helpers for question content, analysis and copyright text, which may hold HTML (the yf
 * banks carry `<p style=…>` markup) or plain text with `\n` newlines.
 * `sanitizeHtml` keeps markup but removes scripts, styles sheets, embedded objects, `on*` handlers
 * and `javascript:` URLs.
 */
const DROP_TAGS = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'LINK', 'META', 'BASE', 'FORM', 'FRAME', 'FRAMESET', 'NOSCRIPT', 'TEMPLATE']);
const URL_ATTRS = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'background', 'poster']);

/** True when the text contains markup (a tag), false for plain text. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-zA-Z][^>]*>/.test(text);
}

/** Remove dangerous elements and attributes; returns HTML safe to inject. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const walk = (node: Element) => {
    for (const child of Array.from(node.children)) {
      if (DROP_TAGS.has(child.tagName)) {
        child.remove();
        continue;
      }
      for (const attr of Array.from(child.attributes)) {
        const name = attr.name.toLowerCase();
        const value = Array.from(attr.value).filter((c) => c.charCodeAt(0) > 32).join('').toLowerCase();
        if (name.startsWith('on') || name === 'srcdoc') child.removeAttribute(attr.name);
        else if (URL_ATTRS.has(name) && (value.startsWith('javascript:') || value.startsWith('vbscript:') || (value.startsWith('data:') && !value.startsWith('data:image/')))) {
          child.removeAttribute(attr.name);
        }
      }
      if (child.tagName === 'A') {
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer');
      }
      walk(child);
    }
  };
  walk(doc.body);
  return doc.body.innerHTML;
}

/** Plain-text excerpt of content that may be HTML (list columns). */
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
