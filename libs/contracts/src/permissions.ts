// Zod-free on purpose: the screens import the table to hide what a role may not do.
// Decision 40 and docs/decisions/015: one table decides every route. The API's membership guard
// reads `ROUTE_PERMISSIONS` for the route it serves, the screens read `roleCan`, Settings → Team
// shows `PERMISSION_LABELS` × `ROLE_PERMISSIONS`, and the route-access test checks every route ×
// every role against it.

/** The header a client names its chosen business with (a person in two businesses switches). */
export const BUSINESS_HEADER = 'x-slotwise-business';

/** A person's role in one business (one per membership). */
export const ROLES = ['owner', 'manager', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  staff: 'Staff',
};

/** What a role may do, with the words Settings → Team shows for each. */
export const PERMISSION_LABELS = {
  'business.view': 'See the business, its services, staff and hours',
  'diary.own': 'Book, move, cancel and mark no-shows on their own appointments',
  'diary.all': "See and change everyone's appointments",
  'clients.view': 'See clients (staff: only the clients they serve)',
  'clients.manage': 'Edit, merge and split clients',
  'clients.export': 'Export clients',
  'business.edit': 'Change the business profile, booking rules and publishing',
  'services.manage': 'Add and change services',
  'staff.manage': 'Add and change staff members',
  'hours.manage':
    'Change opening hours, closures, staff hours and time off, and approve staff requests',
  'hours.request': 'Ask for changes to their own hours and time off (an owner or manager approves)',
  'messages.send': 'Send test messages and see message status',
  'reports.view': 'See reports',
  'integrations.manage': 'Manage calendar feeds, webhooks and API keys',
  'activity.view': 'See who changed hours, services, staff and members (Settings → Activity)',
  'team.view': 'See the team and invitations',
  'team.manage': 'Invite people, change roles and remove members',
  ownership: 'Hand ownership to another member and remove owners',
  'plan.manage': 'Change the plan and billing',
  'payments.manage': 'Change payments settings',
} as const;
export type Permission = keyof typeof PERMISSION_LABELS;
export const PERMISSIONS = Object.keys(PERMISSION_LABELS) as Permission[];

const STAFF: readonly Permission[] = [
  'business.view',
  'diary.own',
  'clients.view',
  'hours.request',
];
const MANAGER: readonly Permission[] = [
  ...STAFF,
  'diary.all',
  'clients.manage',
  'clients.export',
  'business.edit',
  'services.manage',
  'staff.manage',
  'hours.manage',
  'messages.send',
  'reports.view',
  'team.view',
  'team.manage',
];

/**
 * Each role's permissions. Managers: everything but what is the owner's alone (the plan, payments,
 * ownership, integrations' secrets and the activity record).
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: MANAGER,
  staff: STAFF,
};

export function roleCan(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * What a route needs besides its permission-free cases: `public` (anyone, or a member's richer
 * view on the `optional-owner` routes, which then also name the permission that view needs),
 * `signed-in` (any account, no business: the caller's own account and memberships).
 */
export type RouteRequirement = Permission | 'public' | 'signed-in';

/**
 * The permission every route needs, by route key (`apiRoutes.x.y.key`, i.e. `METHOD path`). A
 * route missing here is refused by the guard and fails the route-access test: a new route adds
 * one line, e.g. `'GET business/:id/reports': 'reports.view',`.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, RouteRequirement>> = {
  'GET health': 'public',
  'POST auth/register': 'public',
  'POST auth/verify-email': 'public',
  'POST auth/login': 'public',
  'POST auth/refresh': 'public',
  'POST auth/logout': 'public',
  'GET auth/me': 'signed-in',
  'POST auth/forgot-password': 'public',
  'POST auth/reset-password': 'public',
  'POST auth/change-password': 'signed-in',
  'GET auth/providers': 'public',
  'GET auth/google': 'public',
  'GET auth/google/callback': 'public',
  'GET businesses': 'public',
  'GET business/:id': 'business.view',
  'GET business/slug/:slug': 'business.view',
  'GET business/me': 'business.view',
  'GET business/owner/:userId': 'business.view',
  'PATCH business/:id': 'business.edit',
  'PATCH businesses/:id': 'business.edit',
  'GET business/slug/:slug/services': 'public',
  'GET business/:id/services': 'business.view',
  'POST services': 'services.manage',
  'PATCH services/:id': 'services.manage',
  'DELETE services/:id': 'services.manage',
  'GET business/slug/:slug/staff': 'public',
  'GET business/:id/staff': 'business.view',
  'POST staff': 'staff.manage',
  'PATCH staff/:id': 'staff.manage',
  'DELETE staff/:id': 'staff.manage',
  'GET staff/:id/upcoming-appointments': 'staff.manage',
  'GET business/slug/:slug/available-times': 'public',
  'GET business/:id/available-times': 'public',
  'GET business/slug/:slug/available-days': 'public',
  'GET business/:id/availability': 'business.view',
  'PUT business/:id/availability': 'hours.manage',
  'POST business/:id/availability/affected-bookings': 'hours.manage',
  'GET staff/:id/availability': 'business.view',
  'PUT staff/:id/availability': 'hours.manage',
  'DELETE staff/:id/availability': 'hours.manage',
  'GET business/:id/closures': 'business.view',
  'POST business/:id/closures': 'hours.manage',
  'DELETE business/:id/closures/:closureId': 'hours.manage',
  'GET business/:id/closures/holidays': 'business.view',
  'GET business/:id/special-hours': 'business.view',
  'POST business/:id/special-hours': 'hours.manage',
  'DELETE business/:id/special-hours/:date': 'hours.manage',
  'GET staff/:id/time-off': 'business.view',
  'POST staff/:id/time-off': 'hours.manage',
  'DELETE staff/:id/time-off/:timeOffId': 'hours.manage',
  'POST appointments': 'public',
  // Staff reach only their own appointments through these (the guard hands the services a scope).
  'GET business/:id/appointments': 'diary.own',
  'GET business/:id/appointment-days': 'diary.own',
  'GET business/:id/appointment-counts': 'diary.own',
  'POST business/:id/appointments': 'diary.own',
  'PATCH appointments/:id': 'diary.own',
  'DELETE appointments/:id': 'diary.own',
  'GET business/:id/customers': 'clients.view',
  'GET customers/:id': 'clients.view',
  'PATCH customers/:id': 'clients.manage',
  'POST customers/:id/merge': 'clients.manage',
  'POST customers/:id/split': 'clients.manage',
  'GET cancel-appointment': 'public',
  'POST cancel-appointment': 'public',
  'GET cancel-appointment/details': 'public',
  'GET reschedule': 'public',
  'POST reschedule': 'public',
  'POST test-email': 'messages.send',
  'POST test-sms': 'messages.send',
  'GET messages/:id': 'messages.send',
  'GET messaging-status': 'messages.send',
  'GET dev/outbox': 'public',
  'POST webhooks/twilio/status': 'public',
  'GET subscription-config': 'public',
  'POST create-subscription': 'plan.manage',
  'GET subscription-status': 'plan.manage',
  'POST cancel-subscription': 'plan.manage',
  'POST reactivate-subscription': 'plan.manage',
  'POST stripe/webhook': 'public',
  'POST support-messages': 'public',
  'GET openapi.json': 'public',
  'GET docs': 'public',
  // Team (issue 25).
  'GET me/memberships': 'signed-in',
  'POST invitations/accept': 'public',
  'GET business/:id/invitations': 'team.view',
  'POST business/:id/invitations': 'team.manage',
  'DELETE business/:id/invitations/:invitationId': 'team.manage',
  'POST business/:id/invitations/:invitationId/resend': 'team.manage',
  'GET business/:id/members': 'team.view',
  'PATCH business/:id/members/:memberId': 'team.manage',
  'DELETE business/:id/members/:memberId': 'team.manage',
  // History and the live diary (issue 25). Staff hear only their own bookings' events.
  'GET business/:id/activity': 'activity.view',
  'GET business/:id/events': 'diary.own',
  // Reports, exports and the client import (issue 27).
  'GET business/:id/reports/summary': 'reports.view',
  'GET business/:id/reports/timeseries': 'reports.view',
  'GET business/:id/reports/staff': 'reports.view',
  'GET business/:id/reports/services': 'reports.view',
  'GET business/:id/exports/appointments.csv': 'reports.view',
  'GET business/:id/exports/clients.csv': 'clients.export',
  'POST business/:id/clients/import': 'clients.manage',
  'GET business/:id/clients/import/:jobId': 'clients.manage',
  // Webhooks and API keys (issue 26): the owner's.
  'GET business/:id/webhooks': 'integrations.manage',
  'POST business/:id/webhooks': 'integrations.manage',
  'PATCH business/:id/webhooks/:webhookId': 'integrations.manage',
  'DELETE business/:id/webhooks/:webhookId': 'integrations.manage',
  'GET business/:id/webhooks/:webhookId/deliveries': 'integrations.manage',
  'POST business/:id/webhooks/:webhookId/deliveries/:deliveryId/resend': 'integrations.manage',
  'POST business/:id/webhooks/:webhookId/test': 'integrations.manage',
  'GET business/:id/api-keys': 'integrations.manage',
  'POST business/:id/api-keys': 'integrations.manage',
  'DELETE business/:id/api-keys/:keyId': 'integrations.manage',
  // Calendar feeds (issue 26): the links are secrets, so they are the owner's to hand out.
  'GET business/:id/calendar-feeds': 'integrations.manage',
  'POST business/:id/calendar-feeds/:feedId/regenerate': 'integrations.manage',
  'GET calendar-feeds/:file': 'public',
  // Two-way SMS confirmation (issue 24): Twilio's signed webhook.
  'POST twilio/inbound': 'public',
  // No-show protection (issue 24): money is the owner's; the customer's steps and Stripe's
  // webhooks are public (a token, a client secret, Stripe's signature).
  'GET business/:id/payments': 'payments.manage',
  'POST business/:id/payments/connect': 'payments.manage',
  'GET business/:id/payment-policy': 'payments.manage',
  'PUT business/:id/payment-policy': 'payments.manage',
  'GET business/:id/payments/charges': 'payments.manage',
  'GET pay-fee': 'public',
  'POST stripe/connect-webhook': 'public',
  'GET appointments/:id/payment-status': 'public',
  // Staff requests for their own hours and time off (issue 25): a member with a staff record asks
  // (and reads and withdraws their own); owners and managers see all and decide.
  'GET business/:id/staff-requests': 'hours.request',
  'POST business/:id/staff-requests': 'hours.request',
  'DELETE business/:id/staff-requests/:requestId': 'hours.request',
  'POST business/:id/staff-requests/:requestId/approve': 'hours.manage',
  'POST business/:id/staff-requests/:requestId/decline': 'hours.manage',
};

/** The requirement of a route by its key; undefined when none is declared (refused). */
export function routeRequirement(key: string): RouteRequirement | undefined {
  return Object.prototype.hasOwnProperty.call(ROUTE_PERMISSIONS, key)
    ? ROUTE_PERMISSIONS[key]
    : undefined;
}
