import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './core/config/app-config.js';
import { createWorker } from './worker.factory.js';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const worker = await createWorker({ config });
  // SIGTERM/SIGINT: stop relaying, let running sends finish, close Redis and the database.
  worker.enableShutdownHooks();
  Logger.log('Slotwise worker delivering the outbox', 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Failed to start the worker:', error);
  process.exit(1);
});
