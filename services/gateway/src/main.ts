// The gateway's process: `node services/gateway/dist/main.js` (PORT, HOST, API_UPSTREAM,
// REMOTES_CONFIG, PUBLIC_URL; docs/deploy.md).
import { DEFAULT_API_UPSTREAM } from './config.js';
import { createGateway } from './server.js';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const app = await createGateway({
  apiUpstream: process.env.API_UPSTREAM ?? DEFAULT_API_UPSTREAM,
  remotesConfigFile: process.env.REMOTES_CONFIG,
  publicUrl: process.env.PUBLIC_URL,
});
await app.listen({ port, host });
console.info(`Slotwise front ends on http://localhost:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
