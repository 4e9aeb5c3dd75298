import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { refusingOverlaps } from './booking-writer.service.js';

/** What pg throws (as TypeORM wraps it: the driver's error under `driverError`). */
const pgError = (code: string, constraint?: string) =>
  Object.assign(new Error('pg'), { driverError: { code, constraint } });

const codeOf = async (error: Error) =>
  refusingOverlaps(() => Promise.reject(error)).catch((e: unknown) =>
    e instanceof DomainException ? e.code : e,
  );

describe('refusingOverlaps', () => {
  it('answers SLOT_TAKEN for an overlap (the exclusion constraint)', async () => {
    expect(await codeOf(pgError('23P01', 'appointments_no_overlap'))).toBe(ErrorCode.SLOT_TAKEN);
  });

  // Found by the fault suite's fuzzer: a staff member removed while a booking for them was written
  // answered 500 (the foreign key's violation).
  it('answers SLOT_TAKEN when the staff member was removed meanwhile', async () => {
    expect(await codeOf(pgError('23503', 'appointments_staff_fk'))).toBe(ErrorCode.SLOT_TAKEN);
  });

  it('lets any other database error through', async () => {
    const other = pgError('23503', 'appointments_customer_fk');
    expect(await codeOf(other)).toBe(other);
  });
});
