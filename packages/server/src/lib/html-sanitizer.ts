import sanitize from 'sanitize-html';
import {
  EXTERNAL_LINK_ATTRIBUTES,
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_SCHEMES,
  HTML_ALLOWED_TAGS,
  HTML_DROPPED_WITH_CONTENT,
  isExternalHref,
} from '@shop/shared/content/html-allow-list';

/**
 * The HTML the shop stores for content pages and news (docs/product.md §§2 and 3) is cleaned with
 * sanitize-html when it is saved: only text structure survives (p, h2, h3, ul, ol, li, strong, em,
 * br and links), every other element is dropped (script, style, iframe, object and the like with
 * their content, harmless ones such as div or span keep their text), every attribute except a
 * link's href is removed (so no on* handler, style or srcdoc), and a link keeps its href only for
 * http, https, mailto and tel URLs or a relative address (javascript:, data: and others are removed).
 * Links that leave the shop open in a new tab with rel="noopener noreferrer". The lists are shared
 * with the browser's sanitiser (@shop/shared/content/html-allow-list).
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(HTML_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...HTML_ALLOWED_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped with everything inside them (the rest keep their text when unwrapped).
  nonTextTags: [...HTML_DROPPED_WITH_CONTENT],
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs): sanitize.Tag => {
      const href = attribs.href?.trim();
      const out: sanitize.Attributes = {};
      if (href) {
        out.href = href;
        if (isExternalHref(href)) Object.assign(out, EXTERNAL_LINK_ATTRIBUTES);
      }
      return { tagName, attribs: out };
    },
  },
};

/** Cleans HTML for storage and display; idempotent. */
export function sanitizeContentHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * Plain text from a title field (shown as text, never as HTML): every tag is removed, script and
 * style content with it, and the entities sanitize-html writes are turned back into characters.
 */
export function sanitizePlainText(text: string): string {
  return sanitize(text, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags ?? [] })
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
