/**
 * Renders question content / analysis / copyright that may be HTML or plain text.
 * - HTML (`looksLikeHtml`: the text contains a tag) is sanitised with DOMPurify (`sanitizeHtml`,
 *   utils/html.ts: formatting, tables, images, safe links and inline style kept; scripts, handlers,
 *   svg/math, embedded objects, forms and javascript:/data:text URLs removed) and injected.
 * - Plain text is rendered as a React text node (never parsed as HTML), keeping its newlines
 *   (white-space: pre-wrap via the `rich-text-plain` class) and characters such as '<' as typed.
 * Props: `html` (string, null or undefined = empty), `inline` (span instead of div), plus any div
 * attributes except children / dangerouslySetInnerHTML.
 */
import { useMemo, type CSSProperties, type HTMLAttributes } from 'react';
import { looksLikeHtml, sanitizeHtml } from '../utils/html';

interface Props extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'> {
  html: string | null | undefined;
  inline?: boolean;
  style?: CSSProperties;
}

export function RichText({ html, inline, className, ...rest }: Props) {
  const text = html ?? '';
  const isHtml = looksLikeHtml(text);
  const safe = useMemo(() => (isHtml ? sanitizeHtml(text) : ''), [isHtml, text]);
  const Tag = inline ? 'span' : 'div';
  const cls = ['rich-text', isHtml ? 'rich-text-html' : 'rich-text-plain', className].filter(Boolean).join(' ');
  if (isHtml) return <Tag {...rest} className={cls} dangerouslySetInnerHTML={{ __html: safe }} />;
  return (
    <Tag {...rest} className={cls}>
      {text}
    </Tag>
  );
}
