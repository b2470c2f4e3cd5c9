import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '@kaopei/contracts/rich-text.cases';
import { sanitizeFields, sanitizeRichText } from './sanitize';

const { window } = new JSDOM('');
const BAD_TAGS = new Set(['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'svg', 'math', 'animate', 'set', 'template', 'noscript', 'meta', 'link', 'base']);

/** Re-parse the output the way a browser would and check nothing active is left. */
function expectInert(html: string) {
  const doc = new window.DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
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


describe('sanitizeRichText: XSS payloads', () => {
  for (const [name, payload] of Object.entries(XSS_PAYLOADS)) {
    it(`neutralises ${name}`, () => {
      const out = sanitizeRichText(payload);
      expectInert(out);
      expect(sanitizeRichText(out)).toBe(out);
    });
  }

  it('the review payload keeps only its text', () => {
    const out = sanitizeRichText(XSS_PAYLOADS['svg animate href (review finding)']);
    expect(out).not.toMatch(/animate/i);
    expect(out).not.toMatch(/javascript/i);
  });

  it('drops img onerror but keeps the image', () => {
    expect(sanitizeRichText('<img src=x onerror=alert(1)>')).toBe('<img src="x">');
  });

  it('drops javascript: hrefs but keeps the link text', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="jAvAsCrIpT&colon;alert(1)">x</a>')).toBe('<a>x</a>');
  });
});

describe('sanitizeRichText: content kept', () => {
  it('keeps inline style on <p>', () => {
    expect(sanitizeRichText('<p style="color:red">红色</p>')).toBe('<p style="color:red">红色</p>');
  });

  it('keeps a yf-style paragraph with several style declarations and spans', () => {
    const html = '<p style="margin: 0px; font-family: 宋体; font-size: 14px;"><span style="color: rgb(51, 51, 51);">题干</span><br></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps https, relative and data:image images', () => {
    expect(sanitizeRichText('<img src="https://x/y.png">')).toBe('<img src="https://x/y.png">');
    expect(sanitizeRichText('<img src="/api/file/a.png" alt="图" width="100">')).toBe('<img src="/api/file/a.png" alt="图" width="100">');
    const data = '<img src="data:image/png;base64,iVBORw0KGgo=">';
    expect(sanitizeRichText(data)).toBe(data);
  });

  it('keeps tables', () => {
    const html = '<table border="1"><tbody><tr><th colspan="2">A</th></tr><tr><td>1</td><td style="text-align:center">2</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps formatting tags', () => {
    const html = '<p><b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u>H<sub>2</sub>O x<sup>2</sup></p><ul><li>1</li></ul><ol><li>2</li></ol>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('links get target=_blank and rel=noopener noreferrer, whatever they said', () => {
    expect(sanitizeRichText('<a href="https://example.com/a">x</a>')).toBe('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="mailto:a@b.c" target="_self" rel="opener">m</a>')).toBe('<a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer">m</a>');
    expect(sanitizeRichText('<a href="../doc/1">r</a>')).toBe('<a href="../doc/1" target="_blank" rel="noopener noreferrer">r</a>');
  });

  it('drops other URL schemes on links (tel:, ftp:)', () => {
    expect(sanitizeRichText('<a href="tel:123">t</a>')).toBe('<a>t</a>');
    expect(sanitizeRichText('<a href="ftp://x/y">f</a>')).toBe('<a>f</a>');
  });
});

describe('sanitizeRichText: plain text and shape', () => {
  it('returns plain text with < unchanged', () => {
    expect(sanitizeRichText('a < b')).toBe('a < b');
    expect(sanitizeRichText('1<2')).toBe('1<2');
    expect(sanitizeRichText('x<3 && y>2')).toBe('x<3 && y>2');
    expect(sanitizeRichText('Tom &amp; Jerry')).toBe('Tom &amp; Jerry');
  });

  it('returns text with newlines unchanged', () => {
    const text = '第一行\n第二行\r\n  缩进\t制表';
    expect(sanitizeRichText(text)).toBe(text);
  });

  it('returns the empty string unchanged', () => {
    expect(sanitizeRichText('')).toBe('');
  });

  it('handles 20 000 characters of content', () => {
    const block = '<p style="color:#333">安全生产<b>基础</b>知识 <img src="https://x/y.png" onerror="alert(1)"></p>';
    const html = block.repeat(Math.ceil(20_000 / block.length)).slice(0, 20_000);
    expect(html.length).toBe(20_000);
    const out = sanitizeRichText(html);
    expect(out).toContain('安全生产<b>基础</b>知识');
    expect(out).not.toMatch(/onerror/);
    expect(sanitizeRichText(out)).toBe(out);
  });

  it('is idempotent on ordinary content', () => {
    for (const html of [
      '<p style="color:red">x</p><table><tr><td>1</td></tr></table>',
      '<a href="https://e.x">l</a><img src="a.png">',
      '<div><p>unclosed <b>bold <i>both</p> after',
      '<script>x</script>a < b',
    ]) {
      const once = sanitizeRichText(html);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });
});

describe('sanitizeFields', () => {
  it('sanitises the listed string fields only and does not mutate the input', () => {
    const input = { content: '<img src=x onerror=alert(1)>', analysis: null as string | null, title: '<b>t</b><script>1</script>', n: 3 };
    const out = sanitizeFields(input, ['content', 'analysis', 'n']);
    expect(out).toEqual({ content: '<img src="x">', analysis: null, title: '<b>t</b><script>1</script>', n: 3 });
    expect(input.content).toBe('<img src=x onerror=alert(1)>');
  });
});
