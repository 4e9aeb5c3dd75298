import {
  Controller,
  Header,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  AcceptInvitationRequestSchema,
  apiPath,
  apiRoutes,
  type AuthUser,
  CreateInvitationRequestSchema,
  type Invitation,
  type Member,
  type Membership,
  type SessionResponse,
  TeamMessages,
  UpdateMemberRequestSchema,
  ErrorCode,
} from '@slotwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import {
  answerSession,
  AuthThrottlerGuard,
  CurrentUser,
  GOOGLE_JOIN_COOKIE,
  GoogleJoinProofs,
  JwtAuthGuard,
  OptionalJwtAuthGuard,
} from '../../auth/index.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { TeamService } from '../services/team.service.js';

const Team = () => OwnerAccess({ businessId: { param: 'id' } });

@Controller()
export class TeamController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly team: TeamService,
    private readonly googleProofs: GoogleJoinProofs,
  ) {}

  @Route(apiRoutes.team.memberships)
  @UseGuards(JwtAuthGuard)
  memberships(@CurrentUser() user: AuthUser): Promise<Membership[]> {
    return this.team.memberships(user.id);
  }

  @Route(apiRoutes.team.accept)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @UseGuards(OptionalJwtAuthGuard, AuthThrottlerGuard)
  async accept(
    @JsonBody(AcceptInvitationRequestSchema) body: z.output<typeof AcceptInvitationRequestSchema>,
    @CurrentUser() user: AuthUser | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const googleEmail = body.google
      ? await this.googleEmail(request, reply, body.token)
      : undefined;
    const session = await this.team.accept(body.token, body.password, user?.id, googleEmail);
    return answerSession(reply, session, this.config);
  }

  /** The email Google proved for this invitation (the callback's cookie, used once). */
  private async googleEmail(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
  ): Promise<string> {
    reply.clearCookie(GOOGLE_JOIN_COOKIE, { path: apiPath(apiRoutes.team.accept) });
    const email = await this.googleProofs.read(request.cookies[GOOGLE_JOIN_COOKIE], token);
    if (!email) throw new DomainException(ErrorCode.UNAUTHORIZED, TeamMessages.googleExpired);
    return email;
  }

  @Route(apiRoutes.team.invitations)
  @Team()
  invitations(@OwnedBusiness() owned: OwnedBusinessRef): Promise<Invitation[]> {
    return this.team.invitations(owned);
  }

  @Route(apiRoutes.team.invite)
  @Team()
  invite(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @CurrentUser() user: AuthUser,
    @JsonBody(CreateInvitationRequestSchema) body: z.output<typeof CreateInvitationRequestSchema>,
  ): Promise<Invitation> {
    return this.team.invite(owned, user.id, body as typeof body & { role: 'manager' | 'staff' });
  }

  @Route(apiRoutes.team.revoke)
  @HttpCode(HttpStatus.NO_CONTENT)
  @Team()
  revoke(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('invitationId', idPipe('invitationId')) id: number,
  ): Promise<void> {
    return this.team.revoke(owned, id);
  }

  @Route(apiRoutes.team.resend)
  @HttpCode(HttpStatus.OK)
  @Team()
  resend(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('invitationId', idPipe('invitationId')) id: number,
  ): Promise<Invitation> {
    return this.team.resend(owned, id);
  }

  @Route(apiRoutes.team.members)
  @Team()
  members(@OwnedBusiness() owned: OwnedBusinessRef): Promise<Member[]> {
    return this.team.members(owned);
  }

  @Route(apiRoutes.team.updateMember)
  @Team()
  updateMember(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('memberId', idPipe('memberId')) id: number,
    @JsonBody(UpdateMemberRequestSchema) body: z.output<typeof UpdateMemberRequestSchema>,
  ): Promise<Member> {
    return this.team.updateRole(owned, id, body.role);
  }

  @Route(apiRoutes.team.removeMember)
  @HttpCode(HttpStatus.NO_CONTENT)
  @Team()
  removeMember(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('memberId', idPipe('memberId')) id: number,
  ): Promise<void> {
    return this.team.remove(owned, id);
  }
}
