// remotes.json, read on every request so a redeploy (or an operator's edit) needs no restart, and
// parsed once per request (the page lookup, then the security headers, ask for it).
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { type RemotesFile, defaultRemotesConfig } from './config.js';

export interface RemotesConfigSource {
  /** The file's text (the defaults when there is no file), as GET /remotes.json sends it. */
  text(): string;
  /** The request's parsed remotes.json; throws when the file is not JSON. */
  forRequest(req: FastifyRequest): RemotesFile;
}

export function remotesConfigSource(file: string): RemotesConfigSource {
  const text = () =>
    existsSync(file) ? readFileSync(file, 'utf8') : JSON.stringify(defaultRemotesConfig());
  const parsed = new WeakMap<FastifyRequest, { config: RemotesFile } | { error: unknown }>();
  return {
    text,
    forRequest(req) {
      let entry = parsed.get(req);
      if (!entry) {
        try {
          const config: unknown = JSON.parse(text());
          entry =
            config !== null && typeof config === 'object' && !Array.isArray(config)
              ? { config: config as RemotesFile }
              : { error: new Error('remotes.json is not a JSON object') };
        } catch (error) {
          entry = { error };
        }
        parsed.set(req, entry);
      }
      if ('error' in entry) throw entry.error;
      return entry.config;
    },
  };
}
