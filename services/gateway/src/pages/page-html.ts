// The shell's index.html for a page: its own title, description and canonical link (and a
// business's JSON-LD), and for a remote's page preloads for what it will load and its first data
// in a JSON block.
import { createHash } from 'node:crypto';
import { PAGE_DATA_ELEMENT_ID } from '@slotwise/contracts';
import type { PageMatch } from './page-routes.js';

/**
 * The remote's entry, its exposed App's scripts and the page's own scripts and styles (the
 * manifest's metaData.routes `assets`), which the shell would otherwise find one hop at a time
 * (remotes.json, the manifest, remoteEntry.js, the App, the page): preloaded with the page.
 */
export function preloads(match: PageMatch): string[] {
  const base = new URL(match.url, 'http://gateway/');
  const entry = match.manifest.metaData?.remoteEntry;
  const files = [
    // The remote's manifest, which the shell fetch()es (preloaded as fetch, like remotes.json).
    match.url,
    ...(entry?.name ? [`${entry.path ? `${entry.path}/` : ''}${entry.name}`] : []),
    ...(Array.isArray(match.manifest.exposes) ? match.manifest.exposes : []).flatMap((e) => [
      ...(e?.assets?.js?.sync ?? []),
      ...(e?.assets?.css?.sync ?? []),
    ]),
    ...(Array.isArray(match.page.assets) ? match.page.assets : []),
  ];
  const hrefs = [...new Set(files)].map((file) => {
    const href = new URL(file, base);
    return href.origin === 'http://gateway' ? href.pathname : href.href;
  });
  // remotes.json, beside the shell, is what the shell reads first to find the page's remote.
  return ['/remotes.json', ...hrefs];
}

/** `<link rel="preload">` for a file, as the browser will ask for it. */
function preloadLink(href: string): string {
  const as = href.endsWith('.json') ? 'fetch' : href.endsWith('.css') ? 'style' : 'script';
  // fetch() asks in CORS mode: the preload must match it to be used.
  const cors = as === 'fetch' ? ' crossorigin' : '';
  return `<link rel="preload" as="${as}"${cors} href="${encodeURI(href)}">`;
}

/**
 * JSON for a script element's text: '<' escaped, so no value can close the element (`</script>`)
 * or open a comment (`<!--`) that would swallow it; U+2028/U+2029 too, for old parsers.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page's data block: JSON in a script element, keyed by each call's URL path. */
export function pageDataBlock(data: Record<string, unknown>): string {
  if (Object.keys(data).length === 0) return '';
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`;
}

/** Text for HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** What a page's head says about it to search engines (and the browser's tab). */
export interface PageHead {
  title?: string;
  description?: string;
  /** The page's one absolute URL. */
  canonical?: string;
  /** Not to be indexed (a booking link that names no business). */
  noindex?: boolean;
  /** schema.org data, as JSON-LD. */
  jsonLd?: unknown;
}

/**
 * index.html with the head's title and description in place of the shell's, and its canonical
 * link, robots rule and JSON-LD before </head>. Every value is escaped.
 */
export function withHead(indexHtml: string, head: PageHead): string {
  let html = indexHtml;
  if (head.title !== undefined)
    html = html.replace(
      /<title>[\s\S]*?<\/title>/i,
      () => `<title>${escapeHtml(head.title ?? '')}</title>`,
    );
  const extra: string[] = [];
  if (head.description !== undefined) {
    const meta = `<meta name="description" content="${escapeHtml(head.description)}">`;
    const existing = /<meta\s+name="description"[^>]*>/i;
    if (existing.test(html)) html = html.replace(existing, () => meta);
    else extra.push(meta);
  }
  if (head.canonical !== undefined)
    extra.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  if (head.noindex) extra.push('<meta name="robots" content="noindex">');
  if (head.jsonLd !== undefined)
    extra.push(`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`);
  return extra.length ? html.replace('</head>', () => `${extra.join('')}</head>`) : html;
}

/** index.html with the page's head, and a remote page's preloads and data, before </head>. */
export function pageHtml(
  indexHtml: string,
  match: PageMatch | null,
  data: Record<string, unknown>,
  head: PageHead = {},
) {
  const links = match ? preloads(match).map(preloadLink).join('') : '';
  return withHead(indexHtml, head).replace(
    '</head>',
    () => `${links}${pageDataBlock(data)}</head>`,
  );
}

/**
 * Loads the page's scripts once the server's HTML has painted (a `<link rel="preload">` or a
 * `<script>` in the head would make the browser wait for them first). Until the page has hydrated
 * (PAGE_READY_EVENT) a tap on one of the server's buttons does nothing, so the loader keeps the
 * last one and taps it again once the page is ready: a customer who picks a service at once is
 * not ignored. Fixed text, so the CSP allows it by its hash (LOADER_SCRIPT_HASH).
 */
export const LOADER_SCRIPT =
  "(function(){var d=document,w=window,l=JSON.parse(d.getElementById('slotwise-scripts').textContent),t=null;" +
  "function hold(e){var b=e.target&&e.target.closest&&e.target.closest('#root button');" +
  'if(b){e.preventDefault();e.stopPropagation();t=b}}' +
  "d.addEventListener('click',hold,true);" +
  "w.addEventListener('slotwise:page-ready',function(){d.removeEventListener('click',hold,true);" +
  'setTimeout(function(){if(t&&t.isConnected)t.click();t=null},0)},{once:true});' +
  "function go(){l.preload.forEach(function(h){var k=d.createElement('link');k.rel='preload';" +
  "k.as=/\\.css$/.test(h)?'style':/\\.json$/.test(h)?'fetch':'script';" +
  "if(k.as==='fetch')k.crossOrigin='anonymous';k.href=h;d.head.appendChild(k)});" +
  "l.scripts.forEach(function(s){var e=d.createElement('script');e.src=s;e.async=false;" +
  'd.body.appendChild(e)})}requestAnimationFrame(function(){setTimeout(go,0)})})()';

/** The CSP source that allows LOADER_SCRIPT. */
export const LOADER_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LOADER_SCRIPT).digest('base64')}'`;

/** A `<style>` element's text: nothing in it can close the element. */
function styleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/**
 * index.html for a server-rendered page: the page's head, its first-paint styles inlined, the
 * server's HTML in #root, the server-render block and the data it does not already hold, and the page's scripts (the shell's
 * and the preloads a client-rendered page gets) loaded by LOADER_SCRIPT after first paint instead
 * of from the head.
 */
export function serverRenderedHtml(
  indexHtml: string,
  match: PageMatch,
  rendered: { html: string; state: unknown; css: string; answeredPaths?: string[] },
  data: Record<string, unknown>,
  head: PageHead = {},
  stateElementId = 'slotwise-server-render',
): string {
  const scripts: string[] = [];
  const preload: string[] = [];
  let html = withHead(indexHtml, head)
    .replace(/<link\s+rel="preload"[^>]*\shref="([^"]+)"[^>]*>/gi, (_, href: string) => {
      preload.push(href);
      return '';
    })
    .replace(/<script\s+[^>]*src="([^"]+)"[^>]*><\/script>/gi, (_, src: string) => {
      scripts.push(src);
      return '';
    });
  // Not the remote's manifest: the browser takes the remote from the server's state, unread.
  const manifest = preloads({ ...match, manifest: {}, page: { path: match.page.path } })[1];
  for (const href of preloads(match))
    if (!preload.includes(href) && href !== manifest) preload.push(href);
  // What the server's queries already answer is in the state block; the rest (answers the page
  // will ask for later) stays in the data block.
  const answered = new Set(rendered.answeredPaths ?? []);
  const rest = Object.fromEntries(Object.entries(data).filter(([path]) => !answered.has(path)));
  const blocks =
    `<style>${styleText(rendered.css)}</style>` +
    pageDataBlock(rest) +
    `<script type="application/json" id="${stateElementId}">${scriptJson(rendered.state)}</script>`;
  html = html.replace('</head>', () => `${blocks}</head>`);
  html = html.replace(/<div id="root"><\/div>/, () => `<div id="root">${rendered.html}</div>`);
  // The page reads without JavaScript: the shell's 'needs JavaScript' notice only stays where
  // booking does need it.
  if (!match.page.path.startsWith('/book/'))
    html = html.replace(/<noscript>[\s\S]*?<\/noscript>/i, '');
  const loader =
    `<script type="application/json" id="slotwise-scripts">${scriptJson({ scripts, preload })}</script>` +
    `<script>${LOADER_SCRIPT}</script>`;
  return html.replace('</body>', () => `${loader}</body>`);
}
