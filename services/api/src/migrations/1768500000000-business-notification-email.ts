import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * New-booking emails go to the business's email address; businesses created before it was
 * defaulted had none, so their owners never heard of a booking. Their owner's sign-in address fills
 * it in (an address the owner set, or cleared and set again, is left alone).
 */
export class BusinessNotificationEmail1768500000000 implements MigrationInterface {
  name = 'BusinessNotificationEmail1768500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE businesses b SET email = u.email
        FROM users u
       WHERE u.id = b.owner_user_id AND b.email IS NULL`);
  }

  async down(): Promise<void> {
    // Nothing to undo: which addresses were filled in is not recorded, and all are valid.
  }
}
