// @vitest-environment jsdom
/**
 * sanitizeHtml is DOMPurify with the rich-text profile; this list of payloads is the same as the
 * server's (apps/server/src/lib/sanitize.test.ts): keep both equal.
 */
import { describe, expect, it } from 'vitest';
import { htmlToText, looksLikeHtml, sanitizeHtml } from './html';

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

const PAYLOADS: Record<string, string> = {
  'svg animate href (review finding)': '<svg><a><animate attributeName="href" values="javascript:alert(4)"/><text x="20" y="20">CLICKME4</text></a></svg>',
  'svg set href': '<svg><a><set attributeName="href" to="javascript:alert(5)"/><text>X</text></a></svg>',
  'img onerror': '<img src=x onerror=alert(1)>',
  'a javascript:': '<a href="javascript:alert(1)">x</a>',
  'a mixed-case javascript with &colon;': '<a href="jAvAsCrIpT&colon;alert(1)">x</a>',
  'a entity-encoded javascript:': '<a href="&#106;&#97;vascript:alert(1)">x</a>',
  'a javascript: with tab and leading space': '<a href=" java&#9;script:alert(1)">x</a>',
  'a vbscript:': '<a href="vbscript:msgbox(1)">x</a>',
  'a data:text/html': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  'img data:text/html': '<img src="data:text/html,<script>alert(1)</script>">',
  'img data:image/svg+xml': '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  iframe: '<iframe src="https://evil.example/"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe>',
  'object/embed': '<object data="x.swf"></object><embed src="javascript:alert(1)">',
  'script element': '<p>a</p><script>alert(1)</script>',
  'style element': '<style>body{background:url(javascript:alert(1))}</style><p>x</p>',
  'form/input/button': '<form action="javascript:alert(1)"><input onfocus=alert(1) autofocus><button formaction="javascript:alert(1)">b</button></form>',
  'details ontoggle': '<details open ontoggle=alert(1)><summary>s</summary></details>',
  'body onload': '<body onload=alert(1)><p>x</p></body>',
  'meta refresh / base': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:alert(1)//">',
  'math mtext/mglyph mXSS': '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  'form/math mXSS (nested forms)': '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  'svg/p/style namespace confusion': '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  'noscript attribute breakout': '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  'math href': '<math href="javascript:alert(1)"><mi xlink:href="javascript:alert(1)">x</mi></math>',
  'style attribute with javascript url': '<p style="background:url(javascript:alert(1))">x</p>',
  'style attribute with expression()': '<p style="width: expression(alert(1))">x</p>',
  'template shadow content': '<template><img src=x onerror=alert(1)></template>',
  'comment breakout': '<!--<img src=x onerror=alert(1)>--><p>x</p>',
};

describe('sanitizeHtml: XSS payloads', () => {
  for (const [name, payload] of Object.entries(PAYLOADS)) {
    it(`neutralises ${name}`, () => {
      expect(looksLikeHtml(payload)).toBe(true);
      const out = sanitizeHtml(payload);
      expectInert(out);
      expect(sanitizeHtml(out)).toBe(out);
    });
  }

  it('the review payload keeps no animate and no javascript:', () => {
    const out = sanitizeHtml(PAYLOADS['svg animate href (review finding)']);
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
  });

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
