import { createHash } from 'node:crypto';
import {
  type JsonSchema,
  OPENAPI_HTTP_METHODS,
  type OpenApiDocument,
  type OpenApiOperation,
  resolvePointer,
} from '@slotwise/contracts/openapi';

// The OpenAPI document as a page people read: every operation grouped by tag, with its access,
// parameters, body, answers and errors. Plain HTML and one inline stylesheet (allowed by its
// hash), no script at all, nothing loaded from elsewhere.

const STYLE = `
:root { color-scheme: light; --ink: #1c2430; --muted: #5b6675; --line: #dde3ea; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: var(--ink); }
header, main, nav { max-width: 980px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 28px; }
h1 { margin: 0 0 8px; font-size: 28px; }
h1 small { font-size: 15px; color: var(--muted); font-weight: normal; }
h2 { margin: 40px 0 8px; padding-top: 8px; border-top: 2px solid var(--ink); font-size: 22px; }
h3 { margin: 0; font-size: 16px; display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
h4 { margin: 14px 0 6px; font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
a { color: #0b5cad; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; overflow-x: auto; margin: 6px 0; }
nav ul { list-style: none; padding-left: 0; }
nav > ul { columns: 2; column-gap: 32px; }
nav li { break-inside: avoid; margin-bottom: 10px; }
nav li li { margin: 0; font-size: 13px; }
article { border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin: 14px 0; }
.summary { margin: 6px 0; font-weight: 600; }
.method { display: inline-block; min-width: 62px; text-align: center; border-radius: 4px; padding: 1px 6px; color: #fff; font-weight: 700; font-size: 12px; }
.get { background: #1f7a3f; } .post { background: #0b5cad; } .put { background: #8a5a00; }
.patch { background: #6b3fa0; } .delete { background: #b3261e; }
.access { color: var(--muted); font-size: 13px; }
table { border-collapse: collapse; width: 100%; margin: 4px 0; font-size: 14px; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: 5px 8px 5px 0; }
th { font-size: 12px; color: var(--muted); font-weight: 600; }
td code { word-break: break-word; }
details > summary { cursor: pointer; color: #0b5cad; }
.op-id { color: var(--muted); font-size: 12px; }
`.trim();

/** The page's Content-Security-Policy: nothing runs, only its own stylesheet applies. */
export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Escaped text with `code` spans, in paragraphs split on blank lines. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');
}

const anchor = (kind: string, name: string) =>
  `${kind}-${name.replace(/[^A-Za-z0-9_.-]+/g, '-').toLowerCase()}`;

/** A schema with every `$ref` replaced by its target, so it reads on its own. */
function expand(doc: OpenApiDocument, schema: unknown, depth = 0): unknown {
  if (depth > 20) return schema;
  if (Array.isArray(schema)) return schema.map((s) => expand(doc, s, depth + 1));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return expand(doc, resolvePointer(doc, ref), depth + 1);
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, expand(doc, v, depth + 1)]));
}

/** The component a schema names (`Business` for `$ref: #/components/schemas/Business`). */
function schemaName(schema: JsonSchema): string | undefined {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref) return ref.split('/').pop();
  const items = schema.items as JsonSchema | undefined;
  const inner = schema.type === 'array' && items ? schemaName(items) : undefined;
  return inner ? `array of ${inner}` : undefined;
}

function schemaBlock(doc: OpenApiDocument, schema: JsonSchema, open = false): string {
  const json = escapeHtml(JSON.stringify(expand(doc, schema), null, 2));
  const name = schemaName(schema) ?? 'Schema';
  return `<details${open ? ' open' : ''}><summary>${escapeHtml(name)}</summary><pre>${json}</pre></details>`;
}

function parametersTable(op: OpenApiOperation): string {
  if (!op.parameters?.length) return '';
  const rows = op.parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td>${escapeHtml(p.description ?? '')}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('');
  return (
    '<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th>' +
    `<th>Description</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

function requestBody(doc: OpenApiDocument, op: OpenApiOperation): string {
  if (!op.requestBody) return '';
  return Object.entries(op.requestBody.content)
    .map(
      ([type, media]) =>
        `<h4>Request body <code>${escapeHtml(type)}</code></h4>${schemaBlock(doc, media.schema)}` +
        (media.example !== undefined
          ? `<p>Example</p><pre>${escapeHtml(JSON.stringify(media.example, null, 2))}</pre>`
          : ''),
    )
    .join('');
}

function responses(doc: OpenApiDocument, op: OpenApiOperation): string {
  const entries = Object.entries(op.responses);
  const success = entries.filter(([status]) => Number(status) < 400);
  const errors = entries.filter(([status]) => Number(status) >= 400);
  const successHtml = success
    .map(([status, response]) => {
      const bodies = Object.entries(response.content ?? {})
        .map(
          ([type, media]) =>
            `<p><code>${escapeHtml(type)}</code></p>${schemaBlock(doc, media.schema)}`,
        )
        .join('');
      return `<p><strong>${status}</strong> ${escapeHtml(response.description)}</p>${bodies}`;
    })
    .join('');
  const errorRows = errors
    .map(([status, response]) => {
      const schema = response.content?.['application/json']?.schema;
      const shape =
        schema && schemaName(schema)?.startsWith('Error')
          ? '<a href="#errors">error shape</a>'
          : schema
            ? schemaBlock(doc, schema)
            : '';
      return `<tr><td><strong>${status}</strong></td><td>${escapeHtml(response.description)}</td><td>${shape}</td></tr>`;
    })
    .join('');
  return (
    `<h4>Responses</h4>${successHtml}` +
    (errorRows
      ? `<h4>Errors</h4><table><thead><tr><th>Status</th><th>When (codes)</th><th>Body</th></tr></thead><tbody>${errorRows}</tbody></table>`
      : '')
  );
}

function operationHtml(
  doc: OpenApiDocument,
  path: string,
  method: string,
  op: OpenApiOperation,
): string {
  return (
    `<article id="${anchor('op', op.operationId)}">` +
    `<h3><span class="method ${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code>` +
    `<span class="op-id">${escapeHtml(op.operationId)}</span></h3>` +
    `<p class="summary">${escapeHtml(op.summary)}</p>${prose(op.description)}` +
    (op['x-slotwise-rate-limited']
      ? '<p class="access">Rate limited: 429 with Retry-After when exceeded.</p>'
      : '') +
    parametersTable(op) +
    requestBody(doc, op) +
    responses(doc, op) +
    '</article>'
  );
}

/** The whole page. Every operation of the document appears once, under its tag. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, { path: string; method: string; op: OpenApiOperation }[]>(
    doc.tags.map((t) => [t.name, []]),
  );
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of OPENAPI_HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags[0];
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ path, method, op });
    }
  }
  const tags = doc.tags.concat(
    [...byTag.keys()]
      .filter((name) => !doc.tags.some((t) => t.name === name))
      .map((name) => ({ name, description: '' })),
  );

  const contents = tags
    .map(
      (tag) =>
        `<li><a href="#${anchor('tag', tag.name)}">${escapeHtml(tag.name)}</a><ul>` +
        (byTag.get(tag.name) ?? [])
          .map(
            ({ path, method, op }) =>
              `<li><a href="#${anchor('op', op.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
          )
          .join('') +
        '</ul></li>',
    )
    .join('');

  const sections = tags
    .map(
      (tag) =>
        `<section id="${anchor('tag', tag.name)}"><h2>${escapeHtml(tag.name)}</h2>${prose(tag.description)}` +
        (byTag.get(tag.name) ?? [])
          .map(({ path, method, op }) => operationHtml(doc, path, method, op))
          .join('') +
        '</section>',
    )
    .join('');

  const errorShape = doc.components.schemas.ErrorResponse;
  const errors =
    '<section id="errors"><h2>Errors</h2>' +
    '<p>Every error answers one shape; decide on <code>code</code>, show <code>message</code>. ' +
    '<code>issues</code> lists each invalid field of a 400.</p>' +
    (errorShape ? `<pre>${escapeHtml(JSON.stringify(errorShape, null, 2))}</pre>` : '') +
    '</section>';

  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title>` +
    `<style>${STYLE}</style></head><body>` +
    `<header><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>` +
    prose(doc.info.description) +
    '<p>The same as a machine-readable OpenAPI 3.1 document: <a href="openapi.json">/api/openapi.json</a>.</p>' +
    '</header>' +
    `<nav><h2>Contents</h2><ul>${contents}<li><a href="#errors">Errors</a></li></ul></nav>` +
    `<main>${sections}${errors}</main></body></html>`
  );
}
