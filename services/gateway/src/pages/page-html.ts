// The shell's index.html for a remote's page: with preloads for what the page will load, and the
// page's first data in a JSON block.
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

/** The page's data block: JSON in a script element, keyed by each call's URL path. */
export function pageDataBlock(data: Record<string, unknown>): string {
  if (Object.keys(data).length === 0) return '';
  // Escape '<' so no value can close the block.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}

/** index.html with the page's preloads and data before </head>. */
export function pageHtml(indexHtml: string, match: PageMatch, data: Record<string, unknown>) {
  const links = preloads(match).map(preloadLink).join('');
  return indexHtml.replace('</head>', `${links}${pageDataBlock(data)}</head>`);
}
