import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppThrottlerModule } from '../../core/throttling/throttling.module.js';
import { ActivityModule } from '../activity/index.js';
import { AuthModule } from '../auth/index.js';
import { BusinessModule } from '../business/index.js';
import { OutboxModule } from '../outbox/index.js';
import { StaffModule } from '../staff/index.js';
import { TeamController } from './controllers/team.controller.js';
import { InvitationEntity } from './entities/invitation.entity.js';
import { TeamService } from './services/team.service.js';

/** The `invitations` table and a business's team: members, roles, invitations (issue 25). */
@Module({
  imports: [
    TypeOrmModule.forFeature([InvitationEntity]),
    ActivityModule,
    AuthModule,
    BusinessModule,
    OutboxModule,
    StaffModule,
    AppThrottlerModule,
  ],
  controllers: [TeamController],
  providers: [TeamService],
})
export class TeamModule {}
