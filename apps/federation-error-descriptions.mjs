// Production builds' stand-in for @module-federation/error-codes' descriptions (dist/desc.mjs),
// which would otherwise ship in the host's main.js and in every remoteEntry.js. The runtime's
// messages keep the error code and the link to its documented cause and fix.
export const runtimeDescMap = {};
export const typeDescMap = {};
export const buildDescMap = {};
export const errorDescMap = {};
