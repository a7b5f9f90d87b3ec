/**
 * The rich-text allowlist on the client, used on paste and when showing stored HTML: the server sanitises
 * whatever it stores (sanitize-html), this keeps the editor to what the toolbar offers (bold, italic,
 * underline, strike, headings, lists, links, quotes) so a paste from Word or a web page brings no styles,
 * classes, images or scripts. Browser-only (DOMParser).
 */

/** Kept elements, by the tag they become (b → strong, h1 → h2 …). */
const KEEP: Record<string, string> = {
  P: 'p',
  BR: 'br',
  STRONG: 'strong',
  B: 'strong',
  EM: 'em',
  I: 'em',
  U: 'u',
  S: 's',
  STRIKE: 's',
  DEL: 's',
  H1: 'h2',
  H2: 'h2',
  H3: 'h3',
  H4: 'h4',
  H5: 'h4',
  H6: 'h4',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
  BLOCKQUOTE: 'blockquote',
  A: 'a',
  TR: 'p',
};

/** Dropped with their content. */
const DROP = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'HEAD',
  'META',
  'LINK',
  'TITLE',
  'SVG',
  'MATH',
  'IMG',
  'VIDEO',
  'AUDIO',
  'CANVAS',
  'FORM',
  'INPUT',
  'BUTTON',
  'SELECT',
  'TEXTAREA',
]);

const BLOCKS = new Set(['DIV', 'P', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'TABLE', 'TR']);

/** Link targets people may follow. */
export const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

function copyChildren(from: Node, to: Node, doc: Document) {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments (Word's conditional blocks)
    const el = child as Element;
    if (DROP.has(el.tagName)) continue;
    // A div holding only inline content is a paragraph; one holding blocks is just a wrapper.
    const tag =
      el.tagName === 'DIV'
        ? Array.from(el.children).some((c) => BLOCKS.has(c.tagName))
          ? null
          : 'p'
        : KEEP[el.tagName];
    if (!tag) {
      copyChildren(el, to, doc);
      continue;
    }
    const out = doc.createElement(tag);
    if (tag === 'a') {
      const href = el.getAttribute('href')?.trim() ?? '';
      if (!SAFE_HREF.test(href)) {
        copyChildren(el, to, doc);
        continue;
      }
      out.setAttribute('href', href);
    }
    copyChildren(el, out, doc);
    to.appendChild(out);
  }
}

/** HTML reduced to the allowlist: other elements unwrapped (their text kept) or dropped, every attribute but a safe href removed. */
export function cleanHtml(html: string | null | undefined): string {
  if (!html) return '';
  // An inert document: nothing parsed here runs or loads.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out = doc.createElement('div');
  copyChildren(doc.body, out, doc);
  return out.innerHTML;
}

/** Whether HTML has no visible text (an emptied editor leaves <p><br></p>). */
export const isBlankHtml = (html: string) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '';

/** The text of HTML, for list cells. */
export function htmlText(html: string | null | undefined): string {
  if (!html) return '';
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
