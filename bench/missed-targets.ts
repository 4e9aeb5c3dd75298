// The "Targets missed" section of docs/performance.md: bench/run.ts lists every target the run
// missed, with the figure it measured, and the note below on why and what was tried. A target the
// run meets is left out, so the section never explains a miss that did not happen.

export type TargetKey =
  | 'initialJs'
  | 'bookingScore'
  | 'bookingLcp'
  | 'bookingCls'
  | 'bookingTbt'
  | 'homeScore'
  | 'homeCls'
  | 'monthGrid'
  | 'times'
  | 'timesSame'
  | 'directory'
  | 'bookings'
  | 'contention'
  | 'reports'
  | 'reportsChart';

export interface TargetCheck {
  key: TargetKey;
  /** What is measured, as the tables above name it. */
  label: string;
  /** The target, as text ('≤ 120 KB'). */
  goal: string;
  /** The figure this run measured, as text. */
  value: string;
  met: boolean;
}

/** Why each target can be missed on this kind of machine, and what was tried against it. */
export const MISSED_NOTES: Record<TargetKey, string> = {
  initialJs:
    'React, react-dom and the scheduler alone are the floor (about 67 KB). Beyond them the page ' +
    'needs, with the fixed architecture, the Module Federation runtime (about 20 KB in the ' +
    "shell's main.js and 8 KB in the booking remote's entry; no compile-time flag of " +
    '@module-federation/enhanced 2.9.2 removes more), React Router (about 11 KB: Link brings its ' +
    'prefetching), TanStack Query (about 9 KB) and our own first step (about 15 KB). Tried and ' +
    "kept: precompressed builds, per-page chunks, the remote using the host's federation " +
    "runtime, shared modules tree-shaken, React Router's production build with unused " +
    "components dropped, the shell's start-up shared modules in one file, no federation error " +
    'descriptions, shorter export names, the HTTP client loaded on first action. Tried and ' +
    'dropped: more minifier passes and unsafe options (no gain), eager shared modules (refused ' +
    'by the runtime with tree-shaken sharing), size-based chunk ids (unstable names for 0.15 KB).',
  bookingScore:
    'Lighthouse scores mostly from LCP and TBT here (see those rows); under its simulated 4× CPU ' +
    'slowdown on 2 shared cores even the floor page (the smallest React app) loses points.',
  bookingLcp:
    'The first step is drawn by script: the page needs the shell, the remote and the first data ' +
    'before anything meaningful paints. The floor page itself measures the LCP in the table. ' +
    'Tried: preloads of remotes.json, the manifest, the remote entry and the page chunk; the ' +
    "first step's data fetched with the code; less JavaScript (the initial-JS row).",
  bookingCls:
    'Late areas have reserved space; a shift means a late area without it (see the Lighthouse ' +
    'report of the run).',
  bookingTbt:
    'Long tasks are the parsing and running of the JavaScript above, under a 4× CPU slowdown; the ' +
    'floor page alone has the TBT in the table. Tried: less JavaScript, nothing run before the ' +
    'first render that it does not need.',
  homeScore: "The marketing remote's first render; see the booking page's notes.",
  homeCls: 'Late areas have reserved space; a shift means a late area without it.',
  monthGrid: 'The month grid asks for the first three bookings per day and the day totals only.',
  times:
    'At 50 connections the mean latency is 50 ÷ throughput, so p99 ≤ 25 ms needs well over 2,000 ' +
    "requests/s from the API's single thread on a machine whose 2 cores also run PostgreSQL and " +
    'the load generator. Tried and kept: the business, services, staff and hours cached per ' +
    'process (LISTEN/NOTIFY), epoch-millisecond slot arithmetic with the zone offsets read once ' +
    "per day, the day's exceptions and bookings in one prepared statement answered as JSON, an " +
    'index by business and blocked range. Tried and dropped: pg pipeline mode for the two reads ' +
    '(no gain: each query is still its own socket write).',
  timesSame: 'The bookings are read through an index by business and blocked range.',
  directory: 'The directory is served from the process cache.',
  bookings:
    'A booking is two round trips (the slot check; then one statement that re-checks what came ' +
    "from the process cache, takes the resource's lock and writes the customer, the appointment, " +
    'its links and its messages), about 2–3 ms of API CPU and 2 ms of PostgreSQL CPU, on a ' +
    'machine whose 2 cores also run the load generator: a busy run can fall below 300/s. ' +
    '`node --import tsx/esm bench/bookings-only.ts` measures this row alone, with CPU per ' +
    'booking. Tried before that design: 14 round trips with entity hydration (58/s).',
  contention: 'Overlapping bookings of one resource take turns on an advisory lock.',
  reports:
    'Each report is one SQL aggregate per period over the (business_id, starts_at) index; the first-visit and rebooking lookups use (business_id, customer_id, starts_at). Next lever: a daily roll-up table.',
  reportsChart:
    'The chart imports only @visx/shape, scale, axis and group, on the Reports page alone.',
};

export function missedSection(checks: readonly TargetCheck[], date: string): string {
  const missed = checks.filter((c) => !c.met);
  if (missed.length === 0) {
    return `## Targets missed\n\nNone: this run (${date}) met every target above.\n`;
  }
  const items = missed
    .map((c) => `- **${c.label}** (target ${c.goal}): ${c.value}. ${MISSED_NOTES[c.key]}`)
    .join('\n');
  return `## Targets missed\n\nWritten by \`npm run bench\` for this run (${date}): each target it missed, what it measured, why, and what was tried.\n\n${items}\n`;
}
