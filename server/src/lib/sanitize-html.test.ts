import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.js';

describe('sanitizeHtml', () => {
  it('keeps plain allowed markup exactly as written', () => {
    const html = '<h2>Specs</h2><p>Strong &amp; light</p><ul><li>316 steel</li></ul><br/>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, handlers, styles and javascript: links whatever the shape', () => {
    const cases: Array<[string, string]> = [
      ['<p onclick="x()">a</p>', '<p>a</p>'],
      ['<script>alert(1)</script><p>a</p>', '<p>a</p>'],
      ['<P>a</P><SCRIPT>x</SCRIPT>', '<p>a</p>'],
      ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
      ['<img src=x onerror=alert(1)>', '<img src="x" />'],
      ['<p>a</p><iframe src="https://x"></iframe>', '<p>a</p>'],
      ['<style>p{}</style><p>a</p>', '<p>a</p>'],
      ['<p>1 < 2 & 3</p>', '<p>1 &lt; 2 &amp; 3</p>'],
      ['<svg><script>x</script></svg>', ''],
    ];
    for (const [input, output] of cases) expect(sanitizeHtml(input), input).toBe(output);
  });
});
