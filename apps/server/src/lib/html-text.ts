/**
 * Plain text of rich-text content for spreadsheets and statistics tables: tags dropped, the
 * entities the sanitiser writes (&nbsp; &lt; &gt; &quot; &#39; &amp;) decoded, trimmed.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}
