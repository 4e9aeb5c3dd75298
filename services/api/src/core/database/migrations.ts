import { InitialSchema1767225600000 } from '../../migrations/1767225600000-initial-schema.js';
import { OwnerAccounts1767312000000 } from '../../migrations/1767312000000-owner-accounts.js';
import { SupportMessages1767398400000 } from '../../migrations/1767398400000-support-messages.js';
import { AppointmentTokens1767484800000 } from '../../migrations/1767484800000-appointment-tokens.js';
import { OutboxDelivery1767571200000 } from '../../migrations/1767571200000-outbox-delivery.js';
import { Subscriptions1767744000000 } from '../../migrations/1767744000000-subscriptions.js';

/** Listed as classes (not a glob) so the same list works from src under vitest and from dist. */
export const MIGRATIONS = [
  InitialSchema1767225600000,
  OwnerAccounts1767312000000,
  SupportMessages1767398400000,
  AppointmentTokens1767484800000,
  OutboxDelivery1767571200000,
  Subscriptions1767744000000,
];
