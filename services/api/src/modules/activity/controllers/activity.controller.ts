import { Controller, Header, Req, Res } from '@nestjs/common';
import {
  type ActivityPage,
  type ActivityQuery,
  apiRoutes,
  type LiveBookingEvent,
} from '@slotwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Route } from '../../../core/http/route.decorator.js';
import { ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { ActivityLog } from '../services/activity-log.service.js';
import { LiveStream } from '../services/live-stream.service.js';

/** Settings → Activity and the live diary's events: members of the business only (else 404). */
@Controller()
export class ActivityController {
  constructor(
    private readonly log: ActivityLog,
    private readonly stream: LiveStream,
  ) {}

  @Route(apiRoutes.activity.list)
  @Header('Cache-Control', 'no-store')
  @OwnerAccess({ businessId: { param: 'id' } })
  list(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @ParsedQuery(apiRoutes.activity.list) query: ActivityQuery,
  ): Promise<ActivityPage> {
    return this.log.page(owned.id, query);
  }

  @Route(apiRoutes.activity.events)
  @OwnerAccess({ businessId: { param: 'id' } })
  events(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // A staff member who sees only their own diary hears only their own bookings' events.
    const staffId = owned.diaryStaffScope('read');
    const visible =
      staffId === undefined ? () => true : (e: LiveBookingEvent) => e.staffId === staffId;
    return this.stream.open(owned.id, request, reply, visible, owned.member.userId);
  }
}
