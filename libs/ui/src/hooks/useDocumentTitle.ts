import { useEffect } from 'react';

export const PRODUCT_NAME = 'Slotwise';

/** 'Page · Slotwise' (or just the product name) while the calling page is mounted. */
export function formatDocumentTitle(page?: string | null): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(page?: string | null): void {
  useEffect(() => {
    document.title = formatDocumentTitle(page);
  }, [page]);
}
