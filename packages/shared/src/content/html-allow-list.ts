/**
 * The markup content pages and news may hold (docs/product.md §§2 and 3), one list for both
 * sanitisers: the server cleans with it when it stores HTML (sanitize-html), the browser again
 * when it shows it (DOMPurify). Everything not listed here is removed.
 */

/** Elements that stay; any other element is dropped (its text stays unless listed below). */
export const HTML_ALLOWED_TAGS = ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br'] as const;

/** Attributes that stay, per element; every other attribute (on*, style, srcdoc, ...) goes. */
export const HTML_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
};

/** URL schemes a link may use; a relative address (no scheme, not `//host`) is allowed too. */
export const HTML_ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Elements dropped with everything inside them (other dropped elements keep their text). */
export const HTML_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'title',
  'head',
] as const;

/** Links that leave the shop open in a new tab, without access to the opener or the referrer. */
export const EXTERNAL_LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** An http(s) address: such a link leaves the shop. */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
