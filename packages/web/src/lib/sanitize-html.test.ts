import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps ordinary content', () => {
    const html =
      '<h2>Szállítás</h2><p>Ár: <strong>1 000 Ft</strong> <a href="/contact">Kapcsolat</a></p><img src="/images/a.png" alt="A">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes script-like elements', () => {
    const out = sanitizeHtml(
      '<p>a</p><script>alert(1)</script><iframe src="x"></iframe><svg><script>1</script></svg><style>p{}</style><form><input></form>',
    );
    expect(out).toBe('<p>a</p>');
  });

  it('removes event handlers and script URLs', () => {
    const out = sanitizeHtml(
      '<a href="javascript:alert(1)" onclick="x()">a</a><a href=" JaVa\tScRiPt:alert(1)">b</a><img src="x" onerror="y()"><a href="data:text/html,<b>">c</a><img src="data:image/png;base64,AAAA">',
    );
    expect(out).toBe('<a>a</a><a>b</a><img src="x"><a>c</a><img src="data:image/png;base64,AAAA">');
  });

  it('makes new-window links safe', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
