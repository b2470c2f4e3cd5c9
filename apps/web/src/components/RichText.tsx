/**
 * Renders question content / analysis / copyright that may be HTML or plain text: HTML is sanitised
 * (utils/html.ts) and injected; plain text keeps its newlines (white-space: pre-wrap).
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
