/**
 * Rendering helpers for question content, analysis, notices and copyright text, which may hold HTML
 * (the yf banks carry `<p style=…>` markup, images) or plain text with `\n` newlines.
 *
 * `sanitizeHtml` runs DOMPurify with the contracts' rich-text profile and hooks
 * (`@kaopei/contracts/rich-text`), the same the server applies when it saves rich text: this is the
 * second line of defence at render time (rows stored before, or by another path).
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { installRichTextHooks, looksLikeHtml, RICH_TEXT_PROFILE } from '@kaopei/contracts/rich-text';

export { looksLikeHtml, RICH_TEXT_PROFILE };

let purifier: Purifier | null = null;

/**
 * Our own DOMPurify instance bound to `window`, created on first use, so that our hooks do not
 * leak into the shared default instance that other code may use with another config.
 */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  installRichTextHooks(p);
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
