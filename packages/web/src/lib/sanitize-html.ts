/**
 * Defence in depth for server-provided HTML (content pages). The server sanitises; this strips
 * what could still run script: script-like elements, event-handler attributes and script URLs.
 */
const FORBIDDEN_ELEMENTS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'template',
  'noscript',
  'svg',
  'math',
];

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'poster',
  'background',
  'cite',
]);

function isDangerousUrl(value: string): boolean {
  // Browsers ignore whitespace and control characters inside the scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (compact.startsWith('javascript:') || compact.startsWith('vbscript:')) return true;
  // Raster images may be inlined; any other data: URL (HTML, SVG with script) may not.
  if (compact.startsWith('data:')) return !/^data:image\/(png|gif|jpeg|jpg|webp|avif)[;,]/.test(compact);
  return false;
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><body>${html}</body></html>`,
    'text/html',
  );
  for (const element of Array.from(doc.body.querySelectorAll(FORBIDDEN_ELEMENTS.join(',')))) {
    element.remove();
  }
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'srcdoc') {
        element.removeAttribute(attribute.name);
      } else if (URL_ATTRIBUTES.has(name) && isDangerousUrl(attribute.value)) {
        element.removeAttribute(attribute.name);
      }
    }
    if (element.tagName === 'A' && element.getAttribute('target') === '_blank') {
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return doc.body.innerHTML;
}
