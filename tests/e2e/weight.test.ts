// Guards the phone budget: /book/{slug} loads at most 150 KB of gzipped JavaScript.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { TARGET_KB, measureInitialJs } from '../../bench/initial-js.js';

it(`loads at most ${TARGET_KB} KB of gzipped JavaScript for /book/{slug}`, async () => {
  const { totalGzip, files } = await measureInitialJs();
  assert.ok(
    files.some((f) => f.url.startsWith('/remotes/booking/')),
    'the booking remote loaded',
  );
  assert.ok(
    totalGzip <= TARGET_KB * 1024,
    `initial JS is ${(totalGzip / 1024).toFixed(1)} KB gzip`,
  );
});
