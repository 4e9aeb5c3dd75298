import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/index.js';
import { BusinessSlugHistoryEntity } from './entities/business-slug-history.entity.js';
import { BusinessEntity } from './entities/business.entity.js';
import { OwnedBusinessGuard } from './guards/owned-business.guard.js';
import { BusinessService } from './services/business.service.js';

/**
 * The `businesses` and `business_slug_history` tables, and the one guard that decides who owns
 * which business.
 */
@Module({
  imports: [TypeOrmModule.forFeature([BusinessEntity, BusinessSlugHistoryEntity]), AuthModule],
  providers: [BusinessService, OwnedBusinessGuard],
  // AuthModule: routes declared with @OwnerAccess() need its JWT guards.
  exports: [BusinessService, OwnedBusinessGuard, AuthModule],
})
export class BusinessModule {}
