import {
  formatDate,
  formatTime,
  type StaffRequestStatus,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import type { OutboxMessageInput } from '../../outbox/index.js';
import type { StaffRequestEntity } from '../entities/staff-request.entity.js';

/** 'time off from 3 Feb 2027 9:00 AM to 4 Feb 2027 5:00 PM AEDT', or 'new weekly hours'. */
export function requestedChange(row: StaffRequestEntity, timeZone: string): string {
  if (row.kind === 'hours' || !row.startsAt || !row.endsAt) return 'new weekly hours';
  const at = (d: Date) => `${formatDate(d, timeZone)} ${formatTime(d, timeZone)}`;
  return `time off from ${at(row.startsAt)} to ${at(row.endsAt)} ${timeZoneAbbreviation(row.endsAt, timeZone)}`;
}

/** The staff member is told of the owner's or manager's decision. */
export function decisionEmail(
  to: string,
  business: { name: string; timeZone: string },
  row: StaffRequestEntity,
  status: Exclude<StaffRequestStatus, 'pending'>,
): OutboxMessageInput {
  const change = requestedChange(row, business.timeZone);
  const decided = status === 'approved' ? 'approved' : 'declined';
  return {
    channel: 'email',
    to,
    kind: 'staff-request-decided',
    subject: `Your request was ${decided} (${business.name})`,
    body: [
      'Hello,',
      '',
      `${row.decidedByName ?? 'Your manager'} ${decided} your request for ${change} at ${business.name}.`,
      ...(status === 'approved'
        ? ['It is now in the diary.']
        : row.declineReason
          ? [`Reason: ${row.declineReason}`]
          : []),
      '',
      'You can see your requests under My hours in Slotwise.',
      '',
      'The Slotwise team',
    ].join('\n'),
  };
}
