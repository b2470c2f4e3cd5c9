/**
 * Hostile rich text that the rich-text profile must neutralise, shared by the server's and the
 * web's sanitiser tests (apps/server/src/lib/sanitize.test.ts, apps/web/src/utils/html.test.ts), so
 * both sides are held to the same cases. Test data only.
 */
export const XSS_PAYLOADS: Record<string, string> = {
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
