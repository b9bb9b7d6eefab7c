import sanitize from 'sanitize-html';

/**
 * The allow-list for product descriptions (ARCHITECTURE §4): paragraphs, headings, lists, links,
 * emphasis, tables and images. Scripts, styles, event handlers and javascript: links are removed.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'strong', 'b', 'em', 'i', 'u', 's',
    'sub', 'sup', 'blockquote', 'code', 'pre', 'span', 'div', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'caption', 'img', 'mark',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand the opener to the other site.
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

/**
 * Markup made only of attribute-free allowed tags and text (what most vendor files hold) has
 * nothing to remove, so it skips the full parse: the import sanitises a million descriptions.
 */
const PLAIN_TAG = /<\/?(p|br|hr|h[1-6]|ul|ol|li|strong|b|em|i|u|s|sub|sup|blockquote|code|pre|span|div|table|thead|tbody|tfoot|tr|th|td|caption|mark)\s*\/?>/gi;
const isPlainMarkup = (html: string) => !/[<>]/.test(html.replace(PLAIN_TAG, '')) && !/&(?![a-z]+;|#\d+;|#x[\da-f]+;)/i.test(html);

export const sanitizeHtml = (html: string) => (isPlainMarkup(html) ? html : sanitize(html, OPTIONS));
