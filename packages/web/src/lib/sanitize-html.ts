import DOMPurify, { type Config } from 'dompurify';
import {
  EXTERNAL_LINK_ATTRIBUTES,
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_SCHEMES,
  HTML_ALLOWED_TAGS,
  HTML_DROPPED_WITH_CONTENT,
  isExternalHref,
} from '@shop/shared/content/html-allow-list';

/**
 * Defence in depth for server-provided HTML (content pages, news). The server sanitises when it
 * stores; the browser cleans again with DOMPurify and the same allow-list
 * (@shop/shared/content/html-allow-list): only the listed elements and, per element, attributes
 * stay; a link keeps its href for the listed schemes or a relative address; links that leave the
 * shop open in a new tab with rel="noopener noreferrer".
 */
const ALLOWED_URI = new RegExp(
  // Not protocol-relative ("//host", "\\host"); a listed scheme, or no scheme at all.
  `^(?![/\\\\]{2})(?:(?:${HTML_ALLOWED_SCHEMES.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.:-]|$))`,
  'i',
);

const CONFIG: Config = {
  ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(HTML_ALLOWED_ATTRIBUTES).flat())],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  FORBID_CONTENTS: [...HTML_DROPPED_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
};

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One DOMPurify instance with the shop's hooks (the default instance stays untouched). */
function shopPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    // ALLOWED_ATTR is one list for every element; the allow-list names them per element.
    const allowed = HTML_ALLOWED_ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(data.attrName)) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href')?.trim() ?? '';
    node.removeAttribute('target');
    node.removeAttribute('rel');
    if (isExternalHref(href)) {
      for (const [name, value] of Object.entries(EXTERNAL_LINK_ATTRIBUTES)) node.setAttribute(name, value);
    }
  });
  purifier = instance;
  return instance;
}

export function sanitizeHtml(html: string): string {
  return shopPurifier().sanitize(html, CONFIG);
}
