import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, serializeForHtml } from '../../src/lib/serialize.ts';
import { breadcrumbList, graph, organization, webPage, website } from '../../src/seo/jsonld.ts';

const HOSTILE = '</script><script>alert(1)</script><!-- \u2028\u2029 & "quoted"';

describe('serializeForHtml', () => {
  it('cannot close a script element or open a comment', () => {
    const out = serializeForHtml({ text: HOSTILE });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ text: HOSTILE });
  });

  it('feeds hostile text through every JSON-LD builder safely', () => {
    const site = 'https://geo.example';
    const nodes = [
      organization(site, HOSTILE),
      website(site, 'en', HOSTILE),
      webPage(site, { url: `${site}/en/x`, lang: 'fr', title: HOSTILE, description: HOSTILE, hasBreadcrumb: true }),
      breadcrumbList(`${site}/en/x`, [{ name: HOSTILE, url: `${site}/en/` }]),
    ];
    const out = serializeForHtml(graph(nodes));
    expect(out).not.toContain('</script');
    expect(out).not.toMatch(/[<>]/);
    expect(JSON.stringify(JSON.parse(out))).toContain('alert(1)');
  });
});

describe('escapeHtml and escapeXml', () => {
  it('escapes markup characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(escapeXml(`it's <b>`)).toBe('it&apos;s &lt;b&gt;');
  });
});
