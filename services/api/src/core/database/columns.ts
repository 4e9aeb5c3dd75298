import { Column, CreateDateColumn, DeleteDateColumn, UpdateDateColumn } from 'typeorm';

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

/** The sha256 (hex) of a random token: the token itself is never stored. */
export const TokenHashColumn = (options: { unique?: boolean } = {}) =>
  Column({ name: 'token_hash', type: 'char', length: 64, ...options });
