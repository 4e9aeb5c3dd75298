import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { rowsById } from '../../../core/database/rows-by-id.js';
import { CustomerEntity } from '../entities/customer.entity.js';

export type NewCustomer = Pick<
  CustomerEntity,
  'businessId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'notifyEmail' | 'notifySms'
>;

/** The `customers` table: the people who book, one set per business. */
@Injectable()
export class CustomerService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Through `em`, so the customer commits (or not) with the booking that brought them. */
  create(em: EntityManager, customer: NewCustomer): Promise<CustomerEntity> {
    return em.save(em.create(CustomerEntity, customer));
  }

  findById(id: number, em: EntityManager = this.dataSource.manager) {
    return em.findOneByOrFail(CustomerEntity, { id });
  }

  byIds(ids: readonly number[]): Promise<Map<number, CustomerEntity>> {
    return rowsById(this.dataSource.manager, CustomerEntity, ids);
  }

  /** The business's customers whose full name contains `text`, ignoring case, taken literally. */
  async idsMatching(businessId: number, text: string): Promise<number[]> {
    // strpos, not LIKE: the owner's text is matched literally (% and _ are not wildcards).
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM customers
        WHERE business_id = $1 AND strpos(lower(first_name || ' ' || last_name), $2) > 0`,
      [businessId, text.toLowerCase()],
    );
    return rows.map((r) => r.id);
  }
}
