import { describe, expect, it } from 'vitest';
import { type Business } from '@slotwise/contracts';
import { directoryCard } from './api';

const business: Business = {
  id: 1,
  name: 'Harbour Hair Studio',
  slug: 'harbour-hair-studio',
  description: null,
  address: null,
  businessHours: null,
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
  subscriptionPlan: 'free',
};

describe('directory cards', () => {
  it('uses the spec fallbacks when details are missing', () => {
    expect(directoryCard(business)).toEqual({
      description: 'Quality services to meet your needs',
      location: 'Online',
      hours: 'By appointment',
    });
  });

  it('shows the real details when present', () => {
    expect(
      directoryCard({
        ...business,
        description: 'Cuts and colour',
        address: '1 George St, Sydney NSW 2000',
        businessHours: 'Mon–Fri 9:00 AM – 5:00 PM',
      }),
    ).toEqual({
      description: 'Cuts and colour',
      location: '1 George St, Sydney NSW 2000',
      hours: 'Mon–Fri 9:00 AM – 5:00 PM',
    });
  });
});
