import { describe, expect, it } from 'vitest';
import { applyToAll, dayError, hasErrors, toDrafts, updateDay } from './hours';

describe('business hours drafts', () => {
  it('fills all seven days, using the default template for missing ones', () => {
    const days = toDrafts([
      {
        businessId: 1,
        dayOfWeek: 2,
        isOpen: true,
        openTime: '10:00:00',
        closeTime: '12:00',
        slotDuration: 60,
      },
    ]);
    expect(days).toHaveLength(7);
    expect(days[2]).toEqual({
      dayOfWeek: 2,
      isOpen: true,
      openTime: '10:00',
      closeTime: '12:00',
      slotDuration: 60,
    });
    expect(days[0]?.isOpen).toBe(false);
    expect(days[1]?.openTime).toBe('09:00');
  });

  it('flags an open day that closes at or before it opens, never a closed one', () => {
    const day = {
      dayOfWeek: 1,
      isOpen: true,
      openTime: '12:00',
      closeTime: '12:00',
      slotDuration: 30,
    };
    expect(dayError(day)).toBe('Closing time must be after opening time');
    expect(dayError({ ...day, isOpen: false })).toBeNull();
    expect(dayError({ ...day, closeTime: '12:30' })).toBeNull();
    expect(hasErrors(updateDay(toDrafts(undefined), 3, { closeTime: '08:00' }))).toBe(true);
  });

  it('applies one day to all others, keeping each day open or closed', () => {
    const days = updateDay(toDrafts(undefined), 2, {
      openTime: '10:00',
      closeTime: '12:00',
      slotDuration: 60,
    });
    const applied = applyToAll(days, 2);
    expect(applied.every((d) => d.openTime === '10:00' && d.closeTime === '12:00')).toBe(true);
    expect(applied.every((d) => d.slotDuration === 60)).toBe(true);
    expect(applied[0]?.isOpen).toBe(false);
    expect(applied[1]?.isOpen).toBe(true);
  });
});
