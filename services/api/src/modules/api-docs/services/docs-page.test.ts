import { createHash } from 'node:crypto';
import { buildOpenApiDocument, OPENAPI_HTTP_METHODS } from '@slotwise/contracts/openapi';
import { describe, expect, it } from 'vitest';
import { DOCS_PAGE_CSP, escapeHtml, renderDocsPage } from './docs-page.js';

const doc = buildOpenApiDocument({ version: '9.9.9' });
const html = renderDocsPage(doc);

describe('the API docs page', () => {
  it('lists every operation with its method, path and summary, under its tag', () => {
    let count = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of OPENAPI_HTTP_METHODS) {
        const op = item[method];
        if (!op) continue;
        count += 1;
        const id = `op-${op.operationId.toLowerCase()}`;
        const start = html.indexOf(`<article id="${id}">`);
        expect(start, op.operationId).toBeGreaterThan(0);
        const article = html.slice(start, html.indexOf('</article>', start));
        expect(article).toContain(
          `>${method.toUpperCase()}</span><code>${escapeHtml(path)}</code>`,
        );
        expect(article).toContain(escapeHtml(op.summary));
        for (const status of Object.keys(op.responses)) {
          expect(article, `${op.operationId} ${status}`).toContain(`<strong>${status}</strong>`);
        }
        for (const p of op.parameters ?? []) expect(article).toContain(`<code>${p.name}</code>`);
        // Its section is its tag's.
        const section = html.lastIndexOf('<section id="tag-', start);
        const tag = doc.tags.find((t) => t.name === op.tags[0])!;
        expect(html.slice(section, start)).toContain(`<h2>${escapeHtml(tag.name)}</h2>`);
      }
    }
    expect(count).toBeGreaterThan(70);
    expect(html).toContain('<h1>Slotwise API <small>9.9.9</small></h1>');
  });

  it('shows request bodies with their example and answers with their schema', () => {
    const start = html.indexOf('<article id="op-appointments.create">');
    const article = html.slice(start, html.indexOf('</article>', start));
    expect(article).toContain('<summary>CreateAppointmentRequest</summary>');
    expect(article).toContain('<summary>CreateAppointmentResponse</summary>');
    expect(article).toContain(escapeHtml('"phone": "0412 345 678"'));
    expect(article).toContain('SLOT_TAKEN');
    expect(article).toContain('Rate limited');
  });

  it('runs no script and loads nothing; its one stylesheet is allowed by hash', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(DOCS_PAGE_CSP).toContain(`style-src 'sha256-${hash}'`);
    expect(DOCS_PAGE_CSP).toContain("default-src 'none'");
  });

  it('escapes whatever the document says', () => {
    const hostile = structuredClone(doc);
    hostile.paths['/api/health']!.get!.summary = '<img src=x onerror=alert(1)>';
    hostile.info.title = 'A & B <script>';
    const page = renderDocsPage(hostile);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toContain('<img');
    expect(page).toContain('A &amp; B &lt;script&gt;');
  });
});
