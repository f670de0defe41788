import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml (DOMPurify with the shared allow-list)', () => {
  it('keeps the allowed markup as it is', () => {
    const html =
      '<h2>Szállítás</h2><h3>Díjak</h3><p>Ár: <strong>1 000 Ft</strong>, <em>nettó</em><br><a href="/contact">Kapcsolat</a></p>' +
      '<ul><li>a</li></ul><ol><li>b</li></ol><p><a href="mailto:info@example.com">m</a> <a href="tel:+3611234567">t</a></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes style attributes and style elements', () => {
    expect(sanitizeHtml('<p style="position:fixed;inset:0">a</p><style>p{display:none}</style>')).toBe(
      '<p>a</p>',
    );
  });

  it('removes javascript:, vbscript:, data: and protocol-relative links, also with hidden characters', () => {
    const out = sanitizeHtml(
      '<a href="javascript:alert(1)">a</a><a href=" JaVa\tScRiPt:alert(1)">b</a><a href="vbscript:x">c</a>' +
        '<a href="data:text/html,<b>">d</a><a href="//evil.example">e</a>',
    );
    expect(out).toBe('<a>a</a><a>b</a><a>c</a><a>d</a><a>e</a>');
  });

  it('removes unknown and not-allowed elements, keeping the text of harmless ones', () => {
    const out = sanitizeHtml(
      '<div><span>text</span></div><custom-tag>x</custom-tag><img src="/images/a.png" alt="A"><table><tr><td>c</td></tr></table>' +
        '<script>alert(1)</script><iframe src="x"></iframe><svg><script>1</script></svg><form><input></form><textarea>t</textarea>',
    );
    expect(out).toBe('textxc');
  });

  it('removes on* handlers and every attribute the allow-list does not name for the element', () => {
    const out = sanitizeHtml(
      '<p onclick="x()" class="c" id="i" title="t" data-x="1" aria-label="l">a</p><a href="/x" onmouseover="y()" download>b</a><strong href="/x">c</strong>',
    );
    expect(out).toBe('<p>a</p><a href="/x">b</a><strong>c</strong>');
  });

  it('opens links that leave the shop in a new tab without the opener, and no other link', () => {
    expect(sanitizeHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/about" target="_top" rel="opener">x</a>')).toBe('<a href="/about">x</a>');
  });
});
