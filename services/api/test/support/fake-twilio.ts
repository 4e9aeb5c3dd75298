// One implementation, shared with the process-level tests: tests/support/fake-twilio.mjs.
export * from '../../../../tests/support/fake-twilio.mjs';
