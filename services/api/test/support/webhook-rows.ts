import type { DataSource } from 'typeorm';

/** A webhook event as written to the webhooks' outbox (`webhook_deliveries`). */
export interface WrittenEvent {
  type: string;
  data: Record<string, unknown>;
}

/** The booking events written for an endpoint about one booking, in the order written. */
export async function bookingEventsWritten(
  db: DataSource,
  endpointId: number,
  appointmentId: number,
): Promise<WrittenEvent[]> {
  const rows = (await db.query(
    `SELECT event_type, payload FROM webhook_deliveries
      WHERE endpoint_id = $1 AND event_type LIKE 'booking.%'
        AND (payload->'data'->>'id')::int = $2 ORDER BY id`,
    [endpointId, appointmentId],
  )) as { event_type: string; payload: { data: Record<string, unknown> } }[];
  return rows.map((r) => ({ type: r.event_type, data: r.payload.data }));
}

/**
 * An enabled endpoint of the business hearing `events`, written straight to its table (no
 * loopback receiver needed: tests read the rows written for it, nothing is delivered).
 */
export async function endpointRow(
  db: DataSource,
  businessId: number,
  events: readonly string[],
): Promise<number> {
  const [row] = (await db.query(
    `INSERT INTO webhook_endpoints (business_id, url, events, secret)
     VALUES ($1, 'https://hooks.example.com/slotwise', $2, 'whsec_c2xvdHdpc2U=') RETURNING id`,
    [businessId, [...events]],
  )) as { id: number }[];
  return row!.id;
}
