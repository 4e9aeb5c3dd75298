/** Something that can be booked: a staff member, or the business itself when nobody offers it. */
export const staffResourceKey = (staffId: number) => `staff:${staffId}`;
export const businessResourceKey = (businessId: number) => `business:${businessId}`;
export const resourceKeyOf = (a: { staffId: number | null; businessId: number }) =>
  a.staffId != null ? staffResourceKey(a.staffId) : businessResourceKey(a.businessId);
