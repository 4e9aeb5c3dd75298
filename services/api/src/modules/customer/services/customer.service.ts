import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { CustomerEntity } from '../entities/customer.entity.js';

export type NewCustomer = Pick<
  CustomerEntity,
  'businessId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'notifyEmail' | 'notifySms'
>;

/** What lists show of a customer. */
export type CustomerRow = Pick<
  CustomerEntity,
  'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'notifyEmail' | 'notifySms'
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

  /**
   * Customers by id, as plain rows rather than entities: a month of the owner's diary names
   * thousands, and building an entity per row costs more than the query.
   */
  async byIds(ids: readonly number[]): Promise<Map<number, CustomerRow>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows: {
      id: number;
      first_name: string;
      last_name: string;
      email: string | null;
      phone: string;
      notify_email: boolean;
      notify_sms: boolean;
    }[] = await this.dataSource.query(
      `SELECT id, first_name, last_name, email, phone, notify_email, notify_sms
         FROM customers WHERE id = ANY($1::int[])`,
      [unique],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          firstName: r.first_name,
          lastName: r.last_name,
          email: r.email,
          phone: r.phone,
          notifyEmail: r.notify_email,
          notifySms: r.notify_sms,
        },
      ]),
    );
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
