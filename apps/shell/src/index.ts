// zod (every app's copy reads this shared setting) must not probe for `new Function`: the
// Content-Security-Policy forbids eval, and the probe would report a violation on every page.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true };

// The async boundary lets the federation runtime negotiate shared modules before any of them runs.
void import('./bootstrap');
