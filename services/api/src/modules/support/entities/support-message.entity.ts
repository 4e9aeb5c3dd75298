import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, EmailColumn, NameColumn } from '../../../core/database/columns.js';

@Entity({ name: 'support_messages' })
export class SupportMessageEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @NameColumn('first_name')
  firstName!: string;

  @NameColumn('last_name')
  lastName!: string;

  @EmailColumn()
  email!: string;

  @Column({ type: 'varchar', length: 150 })
  subject!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'client_ip', type: 'varchar', length: 45, nullable: true })
  clientIp!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
