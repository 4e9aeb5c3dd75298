import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ApiKeyScope } from '@slotwise/contracts';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  InstantColumn,
} from '../../../core/database/columns.js';

/** A business's API key: only its SHA-256 is kept (the key itself is shown once). */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** The key's first characters, shown to tell keys apart. */
  @Column({ type: 'varchar', length: 20 })
  prefix!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash!: string;

  @Column({ type: 'text', array: true })
  scopes!: ApiKeyScope[];

  @CreatedAtColumn()
  createdAt!: Date;

  @InstantColumn('last_used_at', { nullable: true })
  lastUsedAt!: Date | null;

  @InstantColumn('revoked_at', { nullable: true })
  revokedAt!: Date | null;
}
