import { bookedAsOf } from '../../bookings/index.js';
import type { CustomerEntity } from '../../customer/index.js';

type AsBooked = Parameters<typeof bookedAsOf>[0];

/**
 * The customer as the appointment was booked (decision 35): its name, email and phone (the
 * client's own where the booking gave none), with the client's preferences. Messages about an
 * appointment use this, so a client renamed or merged since does not change who a message names.
 */
export function bookedCustomer(customer: CustomerEntity, appointment: AsBooked): CustomerEntity {
  const booked = bookedAsOf(appointment);
  if (!booked) return customer;
  return Object.assign(Object.create(Object.getPrototypeOf(customer) as object) as CustomerEntity, {
    ...customer,
    firstName: booked.firstName,
    lastName: booked.lastName,
    email: booked.email ?? customer.email,
    phone: booked.phone || customer.phone,
  });
}
