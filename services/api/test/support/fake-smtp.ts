// One implementation, shared with the process-level tests: tests/support/fake-smtp.mjs.
export * from '../../../../tests/support/fake-smtp.mjs';
