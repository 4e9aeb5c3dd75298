import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressHtml, htmlEncoding } from './compress-html.js';

describe('htmlEncoding', () => {
  it('prefers brotli, then gzip, honouring q=0 and nothing else', () => {
    expect(htmlEncoding('gzip, deflate, br')).toBe('br');
    expect(htmlEncoding('gzip, br;q=0')).toBe('gzip');
    expect(htmlEncoding('br;q=0.5, gzip;q=1')).toBe('gzip');
    expect(htmlEncoding('deflate')).toBeNull();
    expect(htmlEncoding('identity')).toBeNull();
    expect(htmlEncoding('')).toBeNull();
    expect(htmlEncoding(undefined)).toBeNull();
  });
});

describe('compressHtml', () => {
  it('compresses so the browser gets the same text back', async () => {
    const html = '<p>Book with Harbour Hair — “Surry Hills”</p>'.repeat(100);
    expect(brotliDecompressSync(await compressHtml(html, 'br')).toString()).toBe(html);
    expect(gunzipSync(await compressHtml(html, 'gzip')).toString()).toBe(html);
  });
});
