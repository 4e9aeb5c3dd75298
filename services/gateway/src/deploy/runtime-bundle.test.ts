import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOYABLES, runtimePackages } from './runtime-bundle.js';
import { repositoryRoot } from '../config.js';

describe('runtimePackages', () => {
  it("carries the gateway's packages, and the contracts as an ordinary package", () => {
    const packages = runtimePackages('gateway');
    const outs = packages.map((p) => p.out);
    for (const name of ['fastify', '@fastify/static', '@fastify/http-proxy'])
      expect(outs).toContain(`node_modules/${name}`);
    expect(packages.find((p) => p.out === 'node_modules/@slotwise/contracts')).toMatchObject({
      workspace: true,
      files: ['dist'],
    });
    // Only what runs: no bundler, compiler or test tool.
    for (const tool of ['typescript', 'vitest', '@rspack/core', 'nx'])
      expect(outs).not.toContain(`node_modules/${tool}`);
    for (const p of packages) expect(existsSync(join(p.real, 'package.json')), p.out).toBe(true);
  });

  it('lists for each image its package.json and built folder', () => {
    for (const deployable of Object.values(DEPLOYABLES)) {
      expect(deployable.files).toContain(`${deployable.from}/package.json`);
      expect(deployable.files).toContain(`${deployable.from}/dist`);
      expect(existsSync(join(repositoryRoot, deployable.from, 'package.json'))).toBe(true);
    }
  });
});
