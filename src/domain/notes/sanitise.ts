/**
 * Notes are a safe subset of HTML stored as text (paragraphs, line breaks, bold, italic, links,
 * lists). `sanitiseNote` keeps only that subset; it runs where a note comes in (the editor, a
 * GEDCOM import, the save path) and again where a note is shown, so a note written by an older
 * client or typed into the database cannot run script. It is pure string work (no DOM), the same
 * in the browser, the server and the Cloud Functions.
 *
 * How it stays safe: the output is built from scratch. Every tag written is one of ALLOWED with
 * no attribute but a link's checked `href`; all other text is escaped. What is not allowed is
 * dropped as a tag (its text kept), except script-like elements, which are dropped with their text.
 */

const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'ul', 'ol', 'li']);
const VOID = new Set(['br']);
/** Elements whose content is code or not text: dropped whole (void ones such as embed are dropped as tags). */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'template', 'noscript', 'svg', 'math', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'select']);
/** Only these link targets: `javascript:`, `data:` and the like would run or mislead. */
const SAFE_URL = /^(https?:\/\/|mailto:)/i;

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<|[^<]+/g;
const HREF = /(?:^|[\s/])href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Text as it stands in HTML: entities that are well formed pass, any other `&`, `<`, `>` is escaped. */
function escapeText(text: string): string {
  return text.replace(/&(?!(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities of an attribute value, so `jav&#x61;script:` is seen for what it is. */
function decodeEntities(v: string): string {
  return v.replace(/&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]+);?/g, (m, e: string) => {
    if (e[0] !== '#') return NAMED[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

function safeHref(attrs: string): string | null {
  const m = HREF.exec(attrs);
  if (!m) return null;
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"): so do we.
  const url = decodeEntities(m[1] ?? m[2] ?? m[3] ?? '').replace(/[\u0000-\u0020\u007f]/g, '');
  return SAFE_URL.test(url) ? url : null;
}

export function sanitiseNote(html: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: string | null = null;
  for (const m of html.matchAll(TOKEN)) {
    const token = m[0];
    const name = m[1]?.toLowerCase();
    if (dropping) {
      if (name === dropping && token[1] === '/') dropping = null;
      continue;
    }
    if (name === undefined) {
      // Text, or a comment, a doctype, a processing instruction, a lone '<': only text is kept.
      if (token === '<') out += '&lt;';
      else if (token[0] !== '<') out += escapeText(token);
      continue;
    }
    const closing = token[1] === '/';
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !/\/\s*>$/.test(token)) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) {
      if (!closing) out += '<br>';
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      // Closes what was left open inside it too, so the output is always well nested.
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (name === 'a') {
      const href = safeHref(m[2] ?? '');
      out += href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" target="_blank">` : '<a>';
    } else out += `<${name}>`;
    open.push(name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** A plain-text note (GEDCOM 5.5.1, a bio) as the HTML subset: paragraphs at blank lines, breaks at single ones. */
export function plainTextToNote(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A note's text without markup (GEDCOM 5.5.1 export, search): paragraphs and list items on lines of their own. */
export function noteToPlainText(html: string): string {
  return decodeEntities(
    sanitiseNote(html)
      .replace(/<br>/g, '\n')
      .replace(/<\/(p|li)>/g, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
