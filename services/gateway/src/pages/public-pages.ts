// The public pages search engines index (the contracts' PUBLIC_PAGES, which the pages themselves
// set once they render): each one's head as its HTML carries it before any script runs.
import { PUBLIC_PAGES, type PublicPageHead, type PublicPagePath } from '@slotwise/contracts';

export const PRODUCT_NAME = 'Slotwise';

/** 'Page · Slotwise', or the product name alone: libs/ui's formatDocumentTitle. */
export const documentTitle = (page?: string | null) =>
  page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;

export interface PageHead {
  title: string;
  description: string;
}

/** A path as the page table keys it: '/Pricing/' → '/pricing'. */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The public page a path is (any case, a trailing slash), with its canonical path. */
export function publicPage(pathname: string): (PageHead & { path: string }) | null {
  const path = canonicalPath(pathname);
  if (!Object.hasOwn(PUBLIC_PAGES, path)) return null;
  const head: PublicPageHead = PUBLIC_PAGES[path as PublicPagePath];
  return { title: documentTitle(head.title), description: head.description, path };
}
