import 'reflect-metadata';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { type LoggerService, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import { answerClientError } from './core/http/client-error.js';
import { answerMethodNotAllowed } from './core/http/method-not-allowed.js';
import { refuseOversizedBody } from './core/http/oversized-body.js';
import { refuseLongPathParams, ROUTER_MAX_PARAM_LENGTH } from './core/http/path-params.js';
import type { Clock } from './core/clock/clock.js';
import { type AppConfig, loadConfig } from './core/config/app-config.js';

/** Request bodies are small JSON documents; anything larger is refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const API_PREFIX = 'api';
export const STRIPE_WEBHOOK_PATH = `/${API_PREFIX}/stripe/webhook`;
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
/** A client import carries its CSV file (up to 2 MB of text, JSON-escaped). */
const CLIENT_IMPORT_PATH = `/${API_PREFIX}/business/:id/clients/import`;
const CLIENT_IMPORT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

export interface CreateAppOptions {
  /** Defaults to the validated process environment. */
  config?: AppConfig;
  clock?: Clock;
  logger?: LoggerService | LogLevel[] | false;
}

/** Builds and initialises the application (routes ready, not listening): used by main and tests. */
export async function createApp(options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const config = options.config ?? loadConfig();
  // request.ip is X-Forwarded-For's client only when the proxy it came through is the trusted one;
  // rate limits count per client IP, so a header from anyone else must not choose it.
  const trustProxy = config.TRUST_PROXY ?? [];
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    clientErrorHandler: answerClientError,
    trustProxy: trustProxy.length ? trustProxy : false,
    // A JSON body with a `__proto__` or `constructor.prototype` key is still valid JSON: the key is
    // dropped (it could only poison objects), the rest is read as usual.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    maxParamLength: ROUTER_MAX_PARAM_LENGTH,
  });
  answerMethodNotAllowed(adapter.getInstance());
  // Stripe's events (an invoice with its lines) can outgrow the JSON limit of every other route.
  adapter.getInstance().addHook('onRoute', (route) => {
    if (route.url === STRIPE_WEBHOOK_PATH) route.bodyLimit = WEBHOOK_BODY_LIMIT_BYTES;
    if (route.url === CLIENT_IMPORT_PATH && route.method === 'POST') {
      route.bodyLimit = CLIENT_IMPORT_BODY_LIMIT_BYTES;
    }
  });
  adapter.getInstance().addHook('onRequest', refuseOversizedBody);
  adapter.getInstance().addHook('preValidation', refuseLongPathParams);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.register({ config, clock: options.clock }),
    adapter,
    {
      logger: options.logger ?? ['log', 'warn', 'error'],
      abortOnError: false,
      // Keeps each JSON body's bytes as `request.rawBody` too: Stripe signs the exact bytes it
      // sent. Parsing is unchanged for every route.
      rawBody: true,
    },
  );
  app.setGlobalPrefix(API_PREFIX);
  // Browsers may call the API from the configured front-end origins only (none by default: the
  // gateway serves the front ends and the API on one origin, which needs no CORS).
  if (config.CORS_ORIGINS.length > 0) {
    app.enableCors({ origin: config.CORS_ORIGINS, credentials: true, maxAge: 600 });
  }
  // Reads and sets the refresh-token cookie of /api/auth.
  await app.register(fastifyCookie);
  // JSON above 1 KB goes compressed to clients that accept it (a month of the diary is ~2 MB of
  // JSON). Brotli at a middle quality: the best levels cost more time than they save per request.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.init();
  return app;
}
