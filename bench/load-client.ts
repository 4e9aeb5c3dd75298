// The load generator of bench/load.ts, run as a child process so that autocannon's own work does
// not share the server's event loop: `node --import tsx/esm bench/load-client.ts <spec.json>`.
// It reads the spec, runs a warm-up then the measured run, and prints one JSON line (LoadResult).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface BookingSlot {
  /** The slot's start, an ISO-8601 instant. */
  date: string;
  /** null: any staff member. */
  staffMemberId: number | null;
}

export interface LoadSpec {
  /** Origin and path of a GET, or the origin of the POSTs. */
  url: string;
  connections: number;
  durationSec: number;
  /** A fixed number of requests instead of a duration: the run ends when every one is answered. */
  amount?: number;
  warmUpSec: number;
  /** POST /api/appointments instead of a GET: each request takes the next slot and phone number. */
  bookings?: {
    path: string;
    businessId: number;
    serviceId: number;
    /** Taken in order, from the warm-up on; a run that needs more starts again from the first. */
    slots: BookingSlot[];
    /** Numbers the requests' phone numbers from here, so that later runs take new ones. */
    first: number;
  };
}

/** The nth booking's mobile number (distinct for n below 90,000,000). */
export const bookingPhone = (n: number) => `04${String(10_000_000 + n).padStart(8, '0')}`;

export interface RunFigures {
  requests: number;
  durationSec: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Responses by HTTP status. */
  statuses: Record<string, number>;
  /** Connection errors and timeouts (no response at all). */
  errors: number;
  /** The first body seen of each status other than 200 and 201, for the report. */
  samples: Record<string, string>;
}

export interface LoadResult {
  warmUp: RunFigures | null;
  run: RunFigures;
  /** Booking requests built in all (warm-up included), and whether the slots ran out. */
  bookingsBuilt?: number;
  slotsRanOut?: boolean;
}

/** Booking requests built so far (autocannon builds each connection's first one up front). */
let built = 0;
let samples: Record<string, string> = {};
const onResponse = (status: number, body: string) => {
  if (status !== 200 && status !== 201 && !(status in samples)) {
    samples[status] = body.slice(0, 300);
  }
};

function requests(spec: LoadSpec): autocannon.Request[] {
  const b = spec.bookings;
  if (!b) return [{ method: 'GET', onResponse }];
  return [
    {
      method: 'POST',
      path: b.path,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        const i = built;
        built += 1;
        const slot = b.slots[i % b.slots.length]!;
        // A distinct Australian mobile per request: one customer each, as on a busy morning.
        const phone = bookingPhone(b.first + i);
        return {
          ...request,
          body: JSON.stringify({
            businessId: b.businessId,
            serviceId: b.serviceId,
            ...(slot.staffMemberId === null ? {} : { staffMemberId: slot.staffMemberId }),
            firstName: 'Load',
            lastName: `Tester ${i}`,
            phone,
            date: slot.date,
            notes: null,
            notificationPreferences: { email: false, sms: true },
          }),
        };
      },
      onResponse,
    },
  ];
}

async function run(spec: LoadSpec, durationSec: number, amount?: number): Promise<RunFigures> {
  samples = {};
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(amount ? { amount } : { duration: durationSec }),
    requests: requests(spec),
    timeout: 10,
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, s]) => [status, s.count ?? 0]),
  );
  return {
    requests: result.requests.total,
    durationSec: result.duration,
    perSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    statuses,
    errors: result.errors,
    samples,
  };
}

// Run as a script only: bench/load.ts imports this module's types and bookingPhone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
  const warmUp = spec.warmUpSec > 0 ? await run(spec, spec.warmUpSec) : null;
  const measured = await run(spec, spec.durationSec, spec.amount);
  const out: LoadResult = { warmUp, run: measured };
  if (spec.bookings) {
    out.bookingsBuilt = built;
    out.slotsRanOut = built > spec.bookings.slots.length;
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}
