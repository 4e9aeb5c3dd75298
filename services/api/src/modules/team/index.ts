// What other modules may use of the team module (the `invitations` table).
export { TeamModule } from './team.module.js';
export { InvitationEntity } from './entities/invitation.entity.js';
