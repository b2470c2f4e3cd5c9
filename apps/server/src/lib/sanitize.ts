/**
 * Server-side sanitising of rich text (question content, options, analysis; notices; later
 * messages) with DOMPurify on one jsdom window, created on the first HTML input. The profile and
 * its hooks are the contracts' (`@kaopei/contracts/rich-text`), the same the web renders with.
 *
 * WHERE IT IS CALLED: the services call it at SAVE time, before a row is written, so that the
 * database never holds active markup (question save and import, notice save). The web runs the
 * same profile again at render time (apps/web/src/utils/html.ts) for rows written before this
 * existed or by other paths.
 */
import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { installRichTextHooks, looksLikeHtml, RICH_TEXT_PROFILE } from '@kaopei/contracts/rich-text';

// jsdom is large: loaded on the first HTML input, not when the server starts.
const requireLazily = createRequire(import.meta.url);

export { looksLikeHtml, RICH_TEXT_PROFILE };

let purifier: DOMPurify | null = null;

/** The one DOMPurify instance (own jsdom window, the profile's hooks installed once). */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const { JSDOM } = requireLazily('jsdom') as typeof import('jsdom');
  const { window } = new JSDOM('');
  const p = createDOMPurify(window as unknown as WindowLike);
  installRichTextHooks(p);
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
