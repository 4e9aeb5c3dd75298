// One implementation, shared with the process-level tests: tests/support/fake-twilio.mts (imported by its .mjs name, as TypeScript resolves it).
export * from '../../../../tests/support/fake-twilio.mjs';
