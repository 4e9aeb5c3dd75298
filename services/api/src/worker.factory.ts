import 'reflect-metadata';
import { type INestApplicationContext, type LoggerService, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Clock } from './core/clock/clock.js';
import { type AppConfig, loadConfig } from './core/config/app-config.js';
import { WorkerModule } from './worker.module.js';

export interface CreateWorkerOptions {
  /** Defaults to the validated process environment. */
  config?: AppConfig;
  clock?: Clock;
  logger?: LoggerService | LogLevel[] | false;
}

/** Builds and starts the worker (relay and queue running): used by worker.ts and tests. */
export async function createWorker(
  options: CreateWorkerOptions = {},
): Promise<INestApplicationContext> {
  const config = options.config ?? loadConfig();
  const worker = await NestFactory.createApplicationContext(
    WorkerModule.register({ config, clock: options.clock }),
    { logger: options.logger ?? ['log', 'warn', 'error'], abortOnError: false },
  );
  await worker.init();
  return worker;
}
