import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyEntity } from '../auth/index.js';
import { BusinessModule } from '../business/index.js';
import { ApiKeysController } from './controllers/api-keys.controller.js';
import { ApiKeysService } from './services/api-keys.service.js';

/**
 * The owner's management of API keys. The keys' table and their authentication belong to the
 * auth module (JwtOrApiKeyGuard), which every owner route already depends on.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity]), BusinessModule],
  controllers: [ApiKeysController],
  providers: [ApiKeysService],
})
export class ApiKeysModule {}
