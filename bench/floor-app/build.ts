// The floor of the front-end benchmarks: the smallest React app (index.js here: createRoot and an
// <h1>), built with the same rspack production settings as ours.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rspack, type Stats } from '@rspack/core';

/** Builds the floor app into a new temporary folder: that folder and its script files. */
export async function buildFloorApp(): Promise<{ outDir: string; scripts: string[] }> {
  const outDir = mkdtempSync(join(tmpdir(), 'slotwise-floor-'));
  const compiler = rspack({
    mode: 'production',
    context: import.meta.dirname,
    entry: './index.js',
    target: ['web', 'es2022'],
    output: { path: outDir, filename: '[name].js' },
  });
  const stats = await new Promise<Stats>((resolve, reject) =>
    compiler.run((err, result) =>
      err ? reject(err) : compiler.close(() => resolve(result as Stats)),
    ),
  );
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  return { outDir, scripts: readdirSync(outDir).filter((f) => f.endsWith('.js')) };
}
