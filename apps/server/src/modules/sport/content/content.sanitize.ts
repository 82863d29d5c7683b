import sanitizeHtml from 'sanitize-html';

/**
 * The rich text of content, as the member apps render it: an allow-list of tags and attributes, the
 * rest dropped (a `<script>`, `<style>` or `<iframe>` goes with its content; `on*=` handlers and
 * `style` are never allowed). Links and images take http(s) addresses or this server's own paths,
 * never `javascript:`, `data:` or `vbscript:`; a link opens apart from the app (`rel=noopener`).
 */
/** Addresses kept: absolute http(s) (and mail and phone links), or a path of this server; anything else (a relative or odd one that a browser might read otherwise) goes. */
const LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const IMAGE = /^(https?:\/\/|\/(?!\/))/i;
function withAddress(attribs: sanitizeHtml.Attributes, name: string, allowed: RegExp): sanitizeHtml.Attributes {
  return Object.fromEntries(Object.entries(attribs).filter(([k, v]) => k !== name || allowed.test(v.trim())));
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...withAddress(attribs, 'href', LINK), ...(attribs.target ? { target: '_blank' } : {}), rel: 'noopener noreferrer' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: withAddress(attribs, 'src', IMAGE) }),
  },
};

/** The body's HTML with only what the allow-list keeps. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
