// What other projects use of the gateway (the browser tests and the benchmarks start it in their
// own process); `dist/main.js` runs it on its own.
export { createGateway, createStaticHost, type GatewayOptions } from './server.js';
export { REMOTE_NAMES, defaultDirs, defaultRemotesConfig } from './config.js';
export { cacheControlFor } from './edge/cache-control.js';
