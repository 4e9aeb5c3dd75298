// `@slotwise/api-client` in the apps' server entries (apps/rspack.base.mjs): the package, with the
// server's RemoteApiClientProvider in place of the browser's.
export * from './index';
export { RemoteApiClientProvider, ServerPageDataContext } from './server';
