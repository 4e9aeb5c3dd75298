import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The client's card as Stripe describes its PaymentMethod (brand, last four, expiry) instead of
 * the free-text `card` nothing filled, and the client's dispute of a charge (Stripe's
 * `charge.dispute.*`): its id, amount, reason, status and evidence due date.
 */
export class PaymentCardsAndDisputes1768700000000 implements MigrationInterface {
  name = 'PaymentCardsAndDisputes1768700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE booking_payments
        DROP COLUMN card,
        ADD COLUMN card_brand varchar(40),
        ADD COLUMN card_last4 varchar(4),
        ADD COLUMN card_exp_month smallint,
        ADD COLUMN card_exp_year smallint,
        ADD COLUMN dispute_id varchar(255) UNIQUE,
        ADD COLUMN dispute_amount_cents integer,
        ADD COLUMN dispute_reason varchar(60),
        ADD COLUMN dispute_status varchar(40),
        ADD COLUMN dispute_evidence_due_by timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE booking_payments
        DROP COLUMN card_brand, DROP COLUMN card_last4, DROP COLUMN card_exp_month,
        DROP COLUMN card_exp_year, DROP COLUMN dispute_id, DROP COLUMN dispute_amount_cents,
        DROP COLUMN dispute_reason, DROP COLUMN dispute_status,
        DROP COLUMN dispute_evidence_due_by,
        ADD COLUMN card varchar(60)`);
  }
}
