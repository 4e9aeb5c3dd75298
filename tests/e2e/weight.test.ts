// Guards the phone budget: /book/{slug} loads at most BUDGET_KB (bench/initial-js.ts) of gzipped
// JavaScript.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGET_KB, measureInitialJs } from '../../bench/initial-js.js';

it(`loads at most ${BUDGET_KB} KB of gzipped JavaScript for /book/{slug}`, async () => {
  const { totalGzip, files } = await measureInitialJs();
  assert.ok(
    files.some((f) => f.url.startsWith('/remotes/booking/')),
    'the booking remote loaded',
  );
  assert.ok(
    totalGzip <= BUDGET_KB * 1024,
    `initial JS is ${(totalGzip / 1024).toFixed(1)} KB gzip`,
  );
});
