// @vitest-environment jsdom
/**
 * sanitizeHtml is DOMPurify with the rich-text profile; this list of payloads is the same as the
 * server's (apps/server/src/lib/sanitize.test.ts): keep both equal.
 */
import { describe, expect, it } from 'vitest';
import { htmlToText, looksLikeHtml, sanitizeHtml } from './html';
import { XSS_PAYLOADS } from '@kaopei/contracts/rich-text.cases';

const BAD_TAGS = new Set(['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'svg', 'math', 'animate', 'set', 'template', 'noscript', 'meta', 'link', 'base']);

/** Re-parse the output the way the browser does on injection and check nothing active is left. */
function expectInert(html: string) {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    expect(BAD_TAGS.has(el.localName), `tag <${el.localName}> in ${html}`).toBe(false);
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.toLowerCase().startsWith('on'), `handler ${attr.name} in ${html}`).toBe(false);
      const url = Array.from(attr.value).filter((c) => c.charCodeAt(0) > 0x20).join('').toLowerCase();
      expect(/^(?:javascript|vbscript):|^data:(?!image\/)/.test(url), `${attr.name}=${attr.value} in ${html}`).toBe(false);
    }
  }
  expect(html).not.toMatch(/javascript:|vbscript:|onerror|onload|<script|<animate|<svg|<math|<iframe/i);
}


describe('sanitizeHtml: XSS payloads', () => {
  for (const [name, payload] of Object.entries(XSS_PAYLOADS)) {
    it(`neutralises ${name}`, () => {
      expect(looksLikeHtml(payload)).toBe(true);
      const out = sanitizeHtml(payload);
      expectInert(out);
      expect(sanitizeHtml(out)).toBe(out);
    });
  }

  it('the review payload keeps no animate and no javascript:', () => {
    const out = sanitizeHtml(XSS_PAYLOADS['svg animate href (review finding)']);
    expect(out).not.toMatch(/animate/i);
    expect(out).not.toMatch(/javascript/i);
  });

  it('drops img onerror but keeps the image', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('<img src="x">');
  });

  it('drops javascript: hrefs but keeps the link text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="jAvAsCrIpT&colon;alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it('does not leave hooks on the shared DOMPurify instance', async () => {
    const { default: shared } = await import('dompurify');
    expect(shared.sanitize('<a href="https://e.x">l</a>')).toBe('<a href="https://e.x">l</a>');
  });
});

describe('sanitizeHtml: content kept', () => {
  it('keeps inline style on <p>', () => {
    expect(sanitizeHtml('<p style="color:red">红色</p>')).toBe('<p style="color:red">红色</p>');
  });

  it('keeps a yf-style paragraph with several style declarations and spans', () => {
    const html = '<p style="margin: 0px; font-family: 宋体; font-size: 14px;"><span style="color: rgb(51, 51, 51);">题干</span><br></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps https, relative and data:image images', () => {
    expect(sanitizeHtml('<img src="https://x/y.png">')).toBe('<img src="https://x/y.png">');
    expect(sanitizeHtml('<img src="/api/file/a.png" alt="图" width="100">')).toBe('<img src="/api/file/a.png" alt="图" width="100">');
    const data = '<img src="data:image/png;base64,iVBORw0KGgo=">';
    expect(sanitizeHtml(data)).toBe(data);
  });

  it('keeps tables', () => {
    const html = '<table border="1"><tbody><tr><th colspan="2">A</th></tr><tr><td>1</td><td style="text-align:center">2</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps formatting tags', () => {
    const html = '<p><b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u>H<sub>2</sub>O x<sup>2</sup></p><ul><li>1</li></ul><ol><li>2</li></ol>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('links get target=_blank and rel=noopener noreferrer, whatever they said', () => {
    expect(sanitizeHtml('<a href="https://example.com/a">x</a>')).toBe('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="mailto:a@b.c" target="_self" rel="opener">m</a>')).toBe('<a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer">m</a>');
    expect(sanitizeHtml('<a href="../doc/1">r</a>')).toBe('<a href="../doc/1" target="_blank" rel="noopener noreferrer">r</a>');
  });

  it('drops other URL schemes on links (tel:, ftp:)', () => {
    expect(sanitizeHtml('<a href="tel:123">t</a>')).toBe('<a>t</a>');
    expect(sanitizeHtml('<a href="ftp://x/y">f</a>')).toBe('<a>f</a>');
  });

  it('handles 20 000 characters of content', () => {
    const block = '<p style="color:#333">安全生产<b>基础</b>知识 <img src="https://x/y.png" onerror="alert(1)"></p>';
    const html = block.repeat(Math.ceil(20_000 / block.length)).slice(0, 20_000);
    expect(html.length).toBe(20_000);
    const out = sanitizeHtml(html);
    expect(out).toContain('安全生产<b>基础</b>知识');
    expect(out).not.toMatch(/onerror/);
    expect(sanitizeHtml(out)).toBe(out);
  }, 60_000); // jsdom on 20 000 characters: slow on a loaded machine, not a speed check

  it('is idempotent on ordinary content', () => {
    for (const html of [
      '<p style="color:red">x</p><table><tr><td>1</td></tr></table>',
      '<a href="https://e.x">l</a><img src="a.png">',
      '<div><p>unclosed <b>bold <i>both</p> after',
    ]) {
      const once = sanitizeHtml(html);
      expect(sanitizeHtml(once)).toBe(once);
    }
  });
});

describe('looksLikeHtml', () => {
  it('is false for plain text with < or newlines, true for markup', () => {
    expect(looksLikeHtml('a < b')).toBe(false);
    expect(looksLikeHtml('1<2')).toBe(false);
    expect(looksLikeHtml('第一行\n第二行')).toBe(false);
    expect(looksLikeHtml('<p>x</p>')).toBe(true);
    expect(looksLikeHtml('x<br/>y')).toBe(true);
  });
});

describe('htmlToText', () => {
  it('returns plain text unchanged apart from collapsed whitespace', () => {
    expect(htmlToText('a < b')).toBe('a < b');
    expect(htmlToText('1<2')).toBe('1<2');
    expect(htmlToText('第一行\n第二行')).toBe('第一行 第二行');
  });

  it('extracts the text of HTML and drops script/style content', () => {
    expect(htmlToText('<p style="color:red">安全<b>生产</b></p><script>alert(1)</script><style>p{}</style>')).toBe('安全生产');
    expect(htmlToText('<p>a &lt; b &amp; c</p>')).toBe('a < b & c');
  });

  it('cuts to max characters with an ellipsis', () => {
    expect(htmlToText('<p>abcdef</p>', 3)).toBe('abc…');
    expect(htmlToText('abc', 3)).toBe('abc');
  });
});
