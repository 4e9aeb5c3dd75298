import { describe, expect, it } from 'vitest';
import { serviceLimitMessage, staffLimitMessage } from './plans.js';

describe('plan limit messages', () => {
  it("uses the spec's staff-limit texts", () => {
    expect(staffLimitMessage('free')).toBe(
      "You've reached the staff limit for the free plan. Upgrade to a professional plan to add up to 5 staff members.",
    );
    expect(staffLimitMessage('professional')).toBe(
      "You've reached the maximum number of staff members (5) allowed on your plan.",
    );
  });

  it('names the plan and the limit for active services', () => {
    expect(serviceLimitMessage('free')).toMatch(/free plan \(1 active service\)/);
    expect(serviceLimitMessage('professional')).toMatch(/\(10\)/);
  });
});
