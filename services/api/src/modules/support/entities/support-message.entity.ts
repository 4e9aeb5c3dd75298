import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../../core/database/columns.js';

@Entity({ name: 'support_messages' })
export class SupportMessageEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'first_name', type: 'varchar', length: 60 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 60 })
  lastName!: string;

  @Column({ type: 'varchar', length: 254 })
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
