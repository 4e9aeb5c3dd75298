import { Entity, PrimaryColumn } from 'typeorm';
import { BusinessIdColumn, InstantColumn } from '../../../core/database/columns.js';

/**
 * A booking link a business had before: it keeps leading to the business, and stays reserved for
 * it (another business cannot take a link that customers may still have).
 */
@Entity({ name: 'business_slug_history' })
export class BusinessSlugHistoryEntity {
  @PrimaryColumn({ type: 'varchar', length: 60 })
  slug!: string;

  @BusinessIdColumn()
  businessId!: number;

  @InstantColumn('replaced_at', { default: () => 'now()' })
  replacedAt!: Date;
}
