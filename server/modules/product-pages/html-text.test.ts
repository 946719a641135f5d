import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../common/escape-html.ts';
import { escapeXml, jsonForScript } from './html-text.ts';

describe('jsonForScript', () => {
  it('leaves no "<" that could end the script or open a comment, and stays the same JSON', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028 >' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('escapeHtml and escapeXml', () => {
  it('escape every character that could end an attribute or start a tag', () => {
    expect(escapeHtml(`"a" & 'b' <c>`)).toBe('&#34;a&#34; &#38; &#39;b&#39; &#60;c&#62;');
    expect(escapeXml(`https://x.example/?a=1&b="2"<>'`)).toBe('https://x.example/?a=1&amp;b=&quot;2&quot;&lt;&gt;&apos;');
  });
});
