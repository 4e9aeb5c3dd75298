export const REMOTE_NAME = 'booking';
/** Which build of this remote is running; tests redeploy with a new SLOTWISE_BUILD_ID. */
export const BUILD_ID: string = process.env.SLOTWISE_BUILD_ID ?? 'dev';
