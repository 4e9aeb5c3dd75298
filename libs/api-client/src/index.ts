export * from './api-error';
export * from './error-from-response';
export * from './client';
export * from './event-stream';
export * from './react';
export { chooseBusiness, chosenBusinessId } from './chosen-business';
