import {
  type AvailableDays,
  type AvailableTime,
  type Business,
  type DayStatus,
  type CreateAppointmentResponse,
  type RescheduleDetails,
  type Service,
  type StaffMember,
  addDays,
  todayInZone,
} from '@slotwise/contracts';

export const SLUG = 'harbour-hair-studio';
export const BUSINESS_PATH = `/api/business/slug/${SLUG}`;

export const business: Business = {
  id: 1,
  name: 'Harbour Hair Studio',
  slug: SLUG,
  description: 'Cuts and colour by the harbour',
  address: '1 George St, Sydney NSW 2000',
  businessHours: 'Mon–Fri 9:00 AM – 5:00 PM',
  phone: null,
  email: null,
  website: null,
  logo: null,
  timeZone: 'Australia/Sydney',
  region: 'NSW',
  minNoticeMinutes: 60,
  maxAdvanceDays: 180,
  cancelCutoffMinutes: 0,
  slotInterval: 30,
  subscriptionPlan: 'professional',
};

export const womensCut: Service = {
  id: 3,
  businessId: 1,
  name: "Women's Cut",
  description: 'Wash, cut and blow-dry',
  price: 8500,
  duration: 45,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  isActive: true,
};

export const mensCut: Service = {
  id: 4,
  businessId: 1,
  name: "Men's Cut",
  description: null,
  price: 4500,
  duration: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  isActive: true,
};

function staffMember(id: number, first: string, last: string, position: string): StaffMember {
  return {
    id,
    businessId: 1,
    name: `${first} ${last}`,
    firstName: first,
    lastName: last,
    position,
    email: null,
    phone: null,
    bio: null,
    avatar: null,
    isActive: true,
    serviceIds: [3, 4],
  };
}

export const mia = staffMember(5, 'Mia', 'Nguyen', 'Senior Stylist');
export const jack = staffMember(6, 'Jack', 'Brown', 'Barber');

export const times: AvailableTime[] = [
  { time: '9:00 AM', start: '2027-03-04T22:00:00.000Z', timeZoneName: 'AEDT' },
  { time: '9:30 AM', start: '2027-03-04T22:30:00.000Z', timeZoneName: 'AEDT' },
];

export const booked: CreateAppointmentResponse = {
  appointment: {
    id: 42,
    date: '2027-03-04T22:30:00.000Z',
    end: '2027-03-04T23:15:00.000Z',
    status: 'confirmed',
    staffMemberId: null,
    notes: null,
  },
  customer: { firstName: 'Alex', lastName: 'Citizen', email: null, phone: '+61 400 123 456' },
  service: { id: 3, name: "Women's Cut", duration: 45, price: 8500 },
  staff: null,
};

export const RESCHEDULE_TOKEN = 'a'.repeat(43);

export const rescheduleDetails: RescheduleDetails = {
  appointmentId: 42,
  date: '2027-03-04T22:30:00.000Z',
  end: '2027-03-04T23:15:00.000Z',
  service: { id: 3, name: "Women's Cut", duration: 45, price: 8500 },
  staffMemberId: 5,
  staffName: 'Mia Nguyen',
  business: {
    id: 1,
    slug: SLUG,
    name: 'Harbour Hair Studio',
    timeZone: 'Australia/Sydney',
    minNoticeMinutes: 60,
    maxAdvanceDays: 180,
  },
};

/**
 * GET …/available-days for `month` ('YYYY-MM'): every date of the month, 'outside_window' before
 * `today`, `statuses` where given, 'available' otherwise.
 */
export function monthDays(
  month: string,
  statuses: Record<string, DayStatus> = {},
  today = todayInZone(business.timeZone),
): AvailableDays {
  const days: AvailableDays['days'] = [];
  for (let date = `${month}-01`; date.startsWith(month); date = addDays(date, 1)) {
    days.push({ date, status: statuses[date] ?? (date < today ? 'outside_window' : 'available') });
  }
  return {
    month,
    timeZone: business.timeZone,
    availableDates: days.filter((d) => d.status === 'available').map((d) => d.date),
    days,
  };
}
