declare module '*.css';

/** Replaced at build time by rspack's DefinePlugin (see apps/rspack.base.mjs). */
declare const process: { env: { SLOTWISE_BUILD_ID?: string } };
