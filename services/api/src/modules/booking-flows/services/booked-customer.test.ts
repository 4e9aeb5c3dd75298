import { describe, expect, it } from 'vitest';
import { CustomerEntity } from '../../customer/index.js';
import { bookedCustomer } from './booked-customer.js';

const olivia = Object.assign(new CustomerEntity(), {
  id: 1,
  businessId: 2,
  firstName: 'Olivia',
  lastName: 'Brown',
  email: 'olivia@example.com',
  phone: '+61412345678',
  notifySms: false,
});

describe('bookedCustomer', () => {
  it('names the person the appointment was booked for, with the client’s preferences', () => {
    const chloe = bookedCustomer(olivia, {
      customerFirstName: 'Chloe',
      customerLastName: 'Wilson',
      customerEmail: null,
      customerPhone: '+61412345678',
    });
    expect(chloe).toMatchObject({
      firstName: 'Chloe',
      lastName: 'Wilson',
      // None given at booking: the client's own.
      email: 'olivia@example.com',
      phone: '+61412345678',
      notifySms: false,
    });
    expect(chloe).toBeInstanceOf(CustomerEntity);
  });

  it('is the client as stored for a row written without who it was booked as', () => {
    expect(bookedCustomer(olivia, { customerFirstName: null })).toBe(olivia);
  });
});
