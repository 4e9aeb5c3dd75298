import { Controller, Headers, HttpCode, Param, Res } from '@nestjs/common';
import { apiRoutes, type CalendarFeed, type CalendarFeedList } from '@slotwise/contracts';
import type { FastifyReply } from 'fastify';
import { Route } from '../../../core/http/route.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { CalendarFeedService } from '../services/calendar-feed.service.js';

/** The owner's feed links, and the public feed URL (its token is the credential). */
@Controller()
export class CalendarFeedsController {
  constructor(private readonly feeds: CalendarFeedService) {}

  @Route(apiRoutes.calendarFeeds.list)
  @OwnerAccess({ businessId: { param: 'id' } })
  list(@OwnedBusiness() owned: OwnedBusinessRef): Promise<CalendarFeedList> {
    return this.feeds.list(owned);
  }

  @Route(apiRoutes.calendarFeeds.regenerate)
  @HttpCode(200)
  @OwnerAccess({ businessId: { param: 'id' } })
  regenerate(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('feedId', idPipe('feedId')) feedId: number,
  ): Promise<CalendarFeed> {
    return this.feeds.regenerate(owned, feedId);
  }

  @Route(apiRoutes.calendarFeeds.feed)
  async feed(
    @Param('file') file: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const answer = await this.feeds.serve(file, ifNoneMatch);
    // Calendar apps poll; a proxy must ask again each time (the ETag makes that cheap).
    void reply.header('etag', answer.etag).header('cache-control', 'no-cache');
    if (answer.status === 304) {
      void reply.status(304);
      return '';
    }
    void reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="calendar.ics"');
    return answer.body;
  }
}
