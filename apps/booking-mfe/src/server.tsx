// The server entry (built by apps/rspack.base.mjs, imported by the gateway by its hashed name).
import { serverApp } from '@slotwise/api-client/server';
import App from './App';

export { BUILD_ID } from './build-info';
export const ServerApp = serverApp(App);
