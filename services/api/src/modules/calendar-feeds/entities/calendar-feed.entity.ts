import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  BusinessIdColumn,
  CreatedAtColumn,
  InstantColumn,
} from '../../../core/database/columns.js';

/**
 * A secret calendar feed (decision record 021): the whole business's (`staffId` null) or one staff
 * member's bookings, and its last built copy, which the public URL serves. The token is kept
 * readable because Settings shows the URL again; it grants only reading the feed, and
 * regenerating replaces it.
 */
@Entity({ name: 'calendar_feeds' })
export class CalendarFeedEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @BusinessIdColumn()
  businessId!: number;

  @Column({ name: 'staff_id', type: 'integer', nullable: true })
  staffId!: number | null;

  /** 256 random bits, base64url. */
  @Column({ type: 'varchar', length: 64, unique: true })
  token!: string;

  /** The iCalendar text last built; null until the first build. */
  @Column({ type: 'text', nullable: true })
  ics!: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  etag!: string | null;

  @InstantColumn('built_at', { nullable: true })
  builtAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
