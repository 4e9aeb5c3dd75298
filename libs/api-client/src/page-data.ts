import { PAGE_DATA_ELEMENT_ID } from '@slotwise/contracts';

let pageData: Map<string, unknown> | null = null;

function read(): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  const element =
    typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return entries;
  try {
    const parsed = JSON.parse(element.textContent) as Record<string, unknown>;
    for (const [path, data] of Object.entries(parsed)) entries.set(path, data);
  } catch {
    // A broken block only means the page fetches its data as usual.
  }
  return entries;
}

/**
 * The answer to `GET path` that the gateway embedded in this page's HTML, if any. Each is used
 * once: a later request for the same path (a refetch) goes to the API.
 */
export function takePageData(path: string): { data: unknown } | undefined {
  pageData ??= read();
  if (!pageData.has(path)) return undefined;
  const data = pageData.get(path);
  pageData.delete(path);
  return { data };
}
