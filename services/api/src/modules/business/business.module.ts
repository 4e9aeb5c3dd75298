import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/index.js';
import { BusinessSlugHistoryEntity } from './entities/business-slug-history.entity.js';
import { BusinessEntity } from './entities/business.entity.js';
import { MembershipEntity } from './entities/membership.entity.js';
import { OwnedBusinessGuard } from './guards/owned-business.guard.js';
import { BusinessService } from './services/business.service.js';
import { MembershipService } from './services/membership.service.js';

/**
 * The `businesses`, `business_slug_history` and `memberships` tables, and the one guard that
 * decides who may do what to which business.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([BusinessEntity, BusinessSlugHistoryEntity, MembershipEntity]),
    AuthModule,
  ],
  providers: [BusinessService, MembershipService, OwnedBusinessGuard],
  // AuthModule: routes declared with @OwnerAccess() need its JWT guards.
  exports: [BusinessService, MembershipService, OwnedBusinessGuard, AuthModule],
})
export class BusinessModule {}
