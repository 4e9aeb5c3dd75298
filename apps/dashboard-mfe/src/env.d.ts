declare module '*.css';

/**
 * Replaced at build time: SLOTWISE_BUILD_ID by rspack's DefinePlugin (see apps/rspack.base.mjs),
 * NODE_ENV by rspack's mode (libs/api-client checks answers outside production builds).
 */
declare const process: { env: { SLOTWISE_BUILD_ID?: string; NODE_ENV?: string } };
