/** Where the product is served when PUBLIC_URL is not set (npm start's gateway). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/** An absolute link into the product: `publicLink(config.PUBLIC_URL, '/cancel?token=…')`. */
export function publicLink(publicUrl: string | undefined, path: string): string {
  return `${(publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '')}${path}`;
}
