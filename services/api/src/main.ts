import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './core/config/app-config.js';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await createApp({ config });
  // SIGTERM/SIGINT close the HTTP server and the database pool before exiting.
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  Logger.log(`Slotwise API listening on ${await app.getUrl()}/api`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Failed to start the API:', error);
  process.exit(1);
});
