// The figures each fault suite measured, kept in tests/faults/.results.json (not committed) by
// suite and case; `node --import tsx faults/render-reliability.ts` writes docs/reliability.md
// from them.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';

export const RESULTS_FILE = join(import.meta.dirname, '..', '.results.json');

export interface CaseFigures {
  /** When it was measured (ISO). */
  measuredAt: string;
  /** The command that produced it. */
  command: string;
  /** Whether the suite's assertions held. */
  passed: boolean;
  [figure: string]: unknown;
}

export type Results = Record<string, Record<string, CaseFigures>>;

export function readResults(): Results {
  if (!existsSync(RESULTS_FILE)) return {};
  try {
    return JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Results;
  } catch {
    return {};
  }
}

/**
 * Records one case's figures (test files run one at a time, so read-modify-write is safe), written
 * as Prettier would so the workspace's format check passes with the file there.
 */
export async function recordFigures(
  suite: string,
  name: string,
  figures: Record<string, unknown> & { passed: boolean },
) {
  const results = readResults();
  results[suite] = {
    ...results[suite],
    [name]: {
      measuredAt: new Date().toISOString(),
      command: `npm run test:faults  (this file alone: cd tests && node --import tsx --test faults/${suite}.test.ts)`,
      ...figures,
    },
  };
  const temp = `${RESULTS_FILE}.${process.pid}.tmp`;
  const options = (await prettier.resolveConfig(RESULTS_FILE)) ?? {};
  const text = await prettier.format(JSON.stringify(results), {
    ...options,
    filepath: RESULTS_FILE,
  });
  writeFileSync(temp, text);
  renameSync(temp, RESULTS_FILE);
}
