// The gateway serves the build's precompressed copies (brotli, gzip) to browsers that accept them,
// with the caching of the file they stand for (the API's own compression: services/api/test).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;

before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

describe('compression', () => {
  it('sends the shell’s scripts and a remote’s manifest as brotli, cached as their files', async () => {
    const html = await (await fetch(`${stack.baseUrl}/`)).text();
    const script = /<script[^>]+src="(\/main\.[0-9a-f]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the shell page names its main script');

    const plain = await fetch(`${stack.baseUrl}${script}`, { headers: { 'accept-encoding': '' } });
    const source = await plain.text();
    assert.equal(plain.headers.get('content-encoding'), null);

    const br = await fetch(`${stack.baseUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(br.headers.get('content-encoding'), 'br');
    assert.equal(br.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    // fetch decodes brotli: the same script arrives.
    assert.equal(await br.text(), source);

    const manifest = await fetch(`${stack.baseUrl}/remotes/booking/mf-manifest.json`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(manifest.headers.get('content-encoding'), 'br');
    assert.equal(manifest.headers.get('cache-control'), 'no-cache');
    assert.equal((await manifest.json()).name, 'booking');
  });
});
