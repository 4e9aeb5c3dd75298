// The gateway's process: `node services/gateway/dist/main.js` (PORT, HOST, API_UPSTREAM,
// REMOTES_CONFIG, PUBLIC_URL, SERVER_RENDER=off, SERVER_RENDER_BUDGET_MS,
// SERVER_RENDER_ORIGINS, SERVER_RENDER_WORKERS; docs/deploy.md).
import { DEFAULT_API_UPSTREAM } from './config.js';
import { createGateway } from './server.js';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const app = await createGateway({
  apiUpstream: process.env.API_UPSTREAM ?? DEFAULT_API_UPSTREAM,
  remotesConfigFile: process.env.REMOTES_CONFIG,
  publicUrl: process.env.PUBLIC_URL,
  serverRender:
    process.env.SERVER_RENDER === 'off'
      ? false
      : {
          budgetMs: Number(process.env.SERVER_RENDER_BUDGET_MS) || undefined,
          // Render worker threads (default 0: in the gateway's own thread).
          workers:
            process.env.SERVER_RENDER_WORKERS === undefined
              ? undefined
              : Number(process.env.SERVER_RENDER_WORKERS),
          // Origins (comma-separated) whose remotes' server code may run in this gateway.
          allowedOrigins: (process.env.SERVER_RENDER_ORIGINS ?? '')
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean),
        },
});
await app.listen({ port, host });
console.info(`Slotwise front ends on http://localhost:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
