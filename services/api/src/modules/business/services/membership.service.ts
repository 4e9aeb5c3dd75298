import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { BusinessEntity } from '../entities/business.entity.js';
import { MembershipEntity } from '../entities/membership.entity.js';
import type { MemberOf } from '../owned-business.js';
import { BusinessService } from './business.service.js';

export interface ResolvedMembership {
  business: BusinessEntity;
  member: MemberOf;
}

/** Which business a signed-in person acts on, and in what role: read fresh on every request. */
@Injectable()
export class MembershipService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly businesses: BusinessService,
  ) {}

  /**
   * The caller's membership of `businessId`, or (none named) of the business they chose: their
   * owner membership first, then the oldest. Someone with no membership at all is an owner signing
   * in for the first time: their business is created (or the one created for them is claimed), as
   * before memberships. `create: false` (public routes' member view) never creates anything.
   */
  async resolve(
    userId: string,
    businessId: number | undefined,
    create: boolean,
  ): Promise<ResolvedMembership | null> {
    const repo = this.dataSource.getRepository(MembershipEntity);
    let member =
      businessId !== undefined
        ? await repo.findOneBy({ userId, businessId })
        : await repo
            .createQueryBuilder('m')
            .where('m.user_id = :userId', { userId })
            .orderBy(`(m.role = 'owner')`, 'DESC')
            .addOrderBy('m.id', 'ASC')
            .getOne();
    if (!member && create && !(await repo.existsBy({ userId }))) {
      member = await this.claimCreatedBusiness(userId);
      if (member && businessId !== undefined && member.businessId !== businessId) member = null;
    }
    if (!member) return null;
    const business = await this.businesses.byIdOrThrow(member.businessId);
    return { business, member };
  }

  /**
   * The business created for this account (created now if there is none) becomes theirs as owner,
   * unless it already has another owner (its ownership was handed over).
   */
  private async claimCreatedBusiness(userId: string): Promise<MembershipEntity | null> {
    const business = await this.businesses.loadOrCreateForOwner(userId);
    await this.dataSource.query(
      `INSERT INTO memberships (business_id, user_id, role)
       SELECT $1, $2, 'owner'
        WHERE NOT EXISTS (SELECT 1 FROM memberships WHERE business_id = $1 AND role = 'owner')
       ON CONFLICT DO NOTHING`,
      [business.id, userId],
    );
    return this.dataSource.getRepository(MembershipEntity).findOneBy({
      userId,
      businessId: business.id,
    });
  }
}
