/**
 * Notes written as HTML (webtrees, Ancestry and others export `<p style="…">…</p>`) as the plain
 * text a bio holds: tags removed, paragraphs and line breaks kept, entities decoded; scripts and
 * styles dropped with their content. The kept GEDCOM keeps the note as written (export is exact).
 */

const HTML_TAG = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Whether a note holds HTML markup (a tag such as `<p>`, `<br/>`, `</div>`). */
export function isHtml(text: string): boolean {
  return HTML_TAG.test(text);
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** The note as plain text: unchanged when it has no HTML. */
export function noteText(text: string): string {
  if (!isHtml(text)) return text;
  const plain = text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr|table|ul|ol)\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(plain)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
