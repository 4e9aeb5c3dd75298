// Serve the built front ends and proxy /api: `node scripts/serve.mjs` (PORT, API_UPSTREAM, REMOTES_CONFIG).
import { createGateway } from './gateway.mjs';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const app = await createGateway({
  apiUpstream: process.env.API_UPSTREAM ?? 'http://127.0.0.1:3000',
  remotesConfigFile: process.env.REMOTES_CONFIG,
});
await app.listen({ port, host });
console.info(`Slotwise front ends on http://localhost:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => app.close().then(() => process.exit(0)));
