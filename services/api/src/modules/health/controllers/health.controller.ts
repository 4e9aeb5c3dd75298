import { Controller, Header, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { apiRoutes, type HealthResponse } from '@slotwise/contracts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../../core/database/database-unavailable.js';
import { Route } from '../../../core/http/route.decorator.js';

import { APP_VERSION } from '../../../core/app-version.js';

const PING_TIMEOUT_MS = 2000;

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** 200 when the database answers; 503 otherwise, so a load balancer takes the instance out. */
  @Route(apiRoutes.health)
  @Header('Cache-Control', 'no-store')
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const up = await this.pingDatabase();
    if (!up) void reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', version: APP_VERSION };
  }

  private async pingDatabase(): Promise<boolean> {
    if (!this.dataSource.isInitialized) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
      });
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
