import {
  Column,
  CreateDateColumn,
  DeleteDateColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * Column conventions every table follows, declared once. Instants are `timestamptz` (stored in
 * UTC; a business's zone applies only when showing them or computing slots).
 */
export const InstantColumn = (
  name: string,
  options: { nullable?: boolean; default?: () => string } = {},
) => Column({ name, type: 'timestamptz', ...options });

export const CreatedAtColumn = () => CreateDateColumn({ name: 'created_at', type: 'timestamptz' });

export const UpdatedAtColumn = () => UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' });

/**
 * Set when the owner deletes a row that history (appointments) still points at: the row is
 * archived instead, and TypeORM's finds leave archived rows out.
 */
export const ArchivedAtColumn = () =>
  DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', nullable: true });

export const BusinessIdColumn = (options: { nullable?: boolean } = {}) =>
  Column({ name: 'business_id', type: 'integer', ...options });

/** A person's first or last name (customers, staff, support messages). */
export const NameColumn = (name: 'first_name' | 'last_name', options: { default?: string } = {}) =>
  Column({ name, type: 'varchar', length: 60, ...options });

/** The full name the two name columns make: the first name alone when the last is empty. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** An email address: 254 characters, the most an address can have. */
export const EmailColumn = (options: { nullable?: boolean; unique?: boolean } = {}) =>
  Column({ type: 'varchar', length: 254, ...options });

/** A phone number as people type it. */
export const PhoneColumn = (options: { nullable?: boolean } = {}) =>
  Column({ type: 'varchar', length: 30, ...options });

/** The sha256 (hex) of a random token: the token itself is never stored. */
export const TokenHashColumn = (options: { unique?: boolean } = {}) =>
  Column({ name: 'token_hash', type: 'char', length: 64, ...options });

/**
 * The rows of a table a plan limits (services, staff_members): a business's row that can be
 * switched off, paused by a lapse to a smaller plan (plan-pausing.ts) and archived instead of
 * deleted while history points at it.
 */
export abstract class PlanLimitedRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  /** Set when a lapse to a smaller plan switched the row off; cleared when it comes back. */
  @InstantColumn('plan_paused_at', { nullable: true })
  planPausedAt!: Date | null;

  @ArchivedAtColumn()
  deletedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}

/** A link or session token: only its hash is stored, and it stops working at `expiresAt`. */
export abstract class HashedToken {
  @TokenHashColumn()
  tokenHash!: string;

  @InstantColumn('expires_at')
  expiresAt!: Date;

  @CreatedAtColumn()
  createdAt!: Date;

  /** Whether the token still works at `now`. */
  worksAt(now: Date): boolean {
    return this.expiresAt.getTime() > now.getTime();
  }
}

/** A token that works once: `usedAt` is set when it is spent. */
export abstract class SingleUseToken extends HashedToken {
  @InstantColumn('used_at', { nullable: true })
  usedAt!: Date | null;

  override worksAt(now: Date): boolean {
    return !this.usedAt && super.worksAt(now);
  }
}
