import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml, sanitizePlainText } from './html-sanitizer';

describe('sanitizeContentHtml', () => {
  // [title, stored HTML, what is kept of it]
  it.each([
    [
      'keeps the allowed structure',
      '<h2>Cím</h2><h3>Alcím</h3><p>Szöveg <strong>félkövér</strong> és <em>dőlt</em><br>új sor</p>' +
        '<ul><li>egy</li></ul><ol><li>kettő</li></ol>',
      '<h2>Cím</h2><h3>Alcím</h3><p>Szöveg <strong>félkövér</strong> és <em>dőlt</em><br />új sor</p>' +
        '<ul><li>egy</li></ul><ol><li>kettő</li></ol>',
    ],
    [
      'removes scripts with their content, styles and iframes',
      '<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example"></iframe><p>b</p>',
      '<p>a</p><p>b</p>',
    ],
    [
      'removes javascript:, data: and vbscript: links, also when disguised',
      [
        '<a href="javascript:alert(1)">1</a>',
        '<a href="JaVaScRiPt:alert(1)">2</a>',
        '<a href="java\tscript:alert(1)">3</a>',
        '<a href="&#106;avascript:alert(1)">4</a>',
        '<a href="data:text/html;base64,PHNjcmlwdD4=">5</a>',
        '<a href="vbscript:msgbox(1)">6</a>',
        '<a href="//evil.example/x">7</a>',
      ].join(''),
      '<a>1</a><a>2</a><a>3</a><a>4</a><a>5</a><a>6</a><a>7</a>',
    ],
    [
      'keeps http, https, mailto, tel and relative links; external ones open safely in a new tab',
      '<a href="https://www.naih.hu">n</a><a href="mailto:info@example.com">m</a>' +
        '<a href="tel:+3615550100">t</a><a href="/how-to-buy">h</a><a href="http://example.com" target="_top">e</a>',
      '<a href="https://www.naih.hu" target="_blank" rel="noopener noreferrer">n</a>' +
        '<a href="mailto:info@example.com">m</a><a href="tel:+3615550100">t</a><a href="/how-to-buy">h</a>' +
        '<a href="http://example.com" target="_blank" rel="noopener noreferrer">e</a>',
    ],
  ])('%s', (_title, html, kept) => {
    expect(sanitizeContentHtml(html)).toBe(kept);
  });

  it('removes event-handler attributes and every other attribute', () => {
    const out = sanitizeContentHtml(
      '<p onclick="alert(1)" style="color:red" class="x">a</p><img src="x" onerror="alert(1)"><a href="/contact" onmouseover="alert(1)">c</a>',
    );
    expect(out).toBe('<p>a</p><a href="/contact">c</a>');
    expect(out).not.toMatch(/on\w+=/i);
  });

  it('unwraps other elements but keeps their text, and is idempotent', () => {
    const once = sanitizeContentHtml(
      '<div><span>szöveg</span> <h1>nagy</h1><table><tr><td>cella</td></tr></table></div>',
    );
    expect(once).toBe('szöveg nagycella');
    expect(sanitizeContentHtml(once)).toBe(once);
    const rich = '<p>a &amp; b &lt; c</p><a href="https://x.example/?a=1&amp;b=2">x</a>';
    expect(sanitizeContentHtml(sanitizeContentHtml(rich))).toBe(sanitizeContentHtml(rich));
  });
});

describe('sanitizePlainText', () => {
  it('removes tags and scripts and keeps characters as text', () => {
    expect(sanitizePlainText('  Tom & <b>Jerry</b> <script>alert(1)</script> "x" < y  ')).toBe(
      'Tom & Jerry "x" < y',
    );
  });
});
