import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type OutboxChannel = 'email' | 'sms';

/**
 * A message to deliver (decision 19): written in the transaction that causes it, delivered later by
 * the worker of the messages issue. Until then it stays 'pending' with its full text.
 */
@Entity({ name: 'outbox' })
export class OutboxMessageEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 10 })
  channel!: OutboxChannel;

  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  @Column({ type: 'text', nullable: true })
  subject!: string | null;

  @Column({ type: 'text' })
  body!: string;

  /** What the message is for, e.g. 'verify-email'. */
  @Column({ type: 'varchar', length: 60 })
  kind!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: string;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
