import { type ReportFigures, type ReportMoney, formatPrice } from '@slotwise/contracts';

/** One figure of the summary: how it reads and what it means (docs/reports.md). */
export interface FigureDef {
  key: string;
  label: string;
  value: (f: ReportFigures) => number | null;
  format: (v: number) => string;
  definition: string;
}

const percent = (v: number) => `${(v * 100).toFixed(1)}%`;
const whole = (v: number) => v.toLocaleString('en-AU');
const hours = (v: number) => `${(v / 60).toLocaleString('en-AU', { maximumFractionDigits: 1 })} h`;

/** A money figure: cents from the summary's `money` (null for a role that may not see it). */
const moneyDef = (key: keyof ReportMoney, label: string, definition: string): FigureDef => ({
  key: key.replace(/Cents$/, ''),
  label,
  value: (f) => f.money?.[key] ?? null,
  format: (v) => formatPrice(v),
  definition,
});

/**
 * The money Stripe confirmed (shown to roles that may see payments: the summary's `money` is null
 * for the others).
 */
const MONEY_DEFS: FigureDef[] = [
  moneyDef(
    'takenCents',
    'Money taken',
    'Deposits, late-cancellation fees and no-show fees Stripe confirmed in the range, on the day it confirmed them. Pending or failed payments do not count; money refunded later still counts here.',
  ),
  moneyDef(
    'refundedCents',
    'Refunded',
    'Refunds Stripe confirmed in the range (on the day it confirmed them), whenever the money was first taken.',
  ),
  moneyDef(
    'feesRecoveredCents',
    'Fees recovered',
    'Late-cancellation and no-show fees Stripe confirmed as paid in the range: a part of Money taken.',
  ),
];

export function figureDefs(
  lateCancelMinutes: number,
  rebookWithinDays: number,
  withMoney = false,
): FigureDef[] {
  const late =
    lateCancelMinutes % 60 === 0
      ? `${lateCancelMinutes / 60} hours`
      : `${lateCancelMinutes} minutes`;
  return [
    {
      key: 'appointments',
      label: 'Appointments',
      value: (f) => f.appointments.total,
      format: whole,
      definition:
        'Appointments starting in the range, whatever their status (pending, confirmed, completed, cancelled, no-show).',
    },
    {
      key: 'completed',
      label: 'Completed',
      value: (f) => f.appointments.completed,
      format: whole,
      definition: 'Appointments marked completed.',
    },
    {
      key: 'revenue',
      label: 'Expected revenue',
      value: (f) => f.expectedRevenueCents,
      format: (v) => formatPrice(v),
      definition:
        'Completed appointments at the price the service had when they were booked. Not money taken: see Money taken.',
    },
    ...(withMoney ? MONEY_DEFS : []),
    {
      key: 'noShowRate',
      label: 'No-show rate',
      value: (f) => f.noShowRate,
      format: percent,
      definition: 'No-shows ÷ (completed + no-shows).',
    },
    {
      key: 'lateCancel',
      label: 'Late cancellations',
      value: (f) => f.lateCancellationRate,
      format: percent,
      definition: `Cancellations made less than ${late} before the start (your cut-off for changes, or 24 hours), ÷ all appointments.`,
    },
    {
      key: 'utilisation',
      label: 'Utilisation',
      value: (f) => f.utilisation,
      format: percent,
      definition:
        'Booked minutes ÷ working minutes. Working time is your hours net of breaks, closures and time off, for every staff member.',
    },
    {
      key: 'booked',
      label: 'Booked time',
      value: (f) => f.bookedMinutes,
      format: hours,
      definition: 'Time of the appointments not cancelled (no-shows included).',
    },
    {
      key: 'newClients',
      label: 'New clients',
      value: (f) => f.newClients,
      format: whole,
      definition:
        'Clients whose first visit ever (an appointment kept: not cancelled, not a no-show) is in the range.',
    },
    {
      key: 'returning',
      label: 'Returning clients',
      value: (f) => f.returningClients,
      format: whole,
      definition: 'Clients with a visit in the range who had visited before it.',
    },
    {
      key: 'rebooking',
      label: 'Rebooking rate',
      value: (f) => f.rebookingRate,
      format: percent,
      definition: `Clients with a visit in the range who booked their next appointment within ${rebookWithinDays} days of their last visit, ÷ those clients.`,
    },
    {
      key: 'online',
      label: 'Booked online',
      value: (f) => f.onlineBookings,
      format: whole,
      definition: 'Appointments made by clients on your booking page.',
    },
    {
      key: 'owner',
      label: 'Booked by you',
      value: (f) => f.ownerBookings,
      format: whole,
      definition: 'Appointments you made in the dashboard.',
    },
  ];
}
