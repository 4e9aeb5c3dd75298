import { describe, expect, it } from 'vitest';
import { AU_REGIONS } from './booking-rules.js';
import { AU_TIME_ZONES, REGION_TIME_ZONES, TIME_ZONE_NAMES } from './business.js';
import { timeZoneAbbreviation } from './format.js';
import { UpdateBusinessRequestSchema } from './owner.js';

describe("a business's time zone", () => {
  it('is one of the Australian zones, each known to Intl and named', () => {
    for (const zone of AU_TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en-AU', { timeZone: zone })).not.toThrow();
      expect(TIME_ZONE_NAMES[zone]).toBeTruthy();
    }
    expect(AU_TIME_ZONES).toContain('Australia/Lord_Howe');
    expect(AU_TIME_ZONES).toContain('Australia/Broken_Hill');
  });

  it('starts from the state: Perth for WA, Brisbane for QLD, Adelaide for SA, Darwin for NT', () => {
    for (const region of AU_REGIONS) expect(AU_TIME_ZONES).toContain(REGION_TIME_ZONES[region]);
    expect(REGION_TIME_ZONES.WA).toBe('Australia/Perth');
    expect(REGION_TIME_ZONES.QLD).toBe('Australia/Brisbane');
    expect(REGION_TIME_ZONES.SA).toBe('Australia/Adelaide');
    expect(REGION_TIME_ZONES.NT).toBe('Australia/Darwin');
    // Sydney's daylight-saving days: Perth and Brisbane keep their one abbreviation.
    expect(timeZoneAbbreviation('2027-04-04T01:00:00Z', REGION_TIME_ZONES.WA)).toBe('AWST');
    expect(timeZoneAbbreviation('2027-10-03T01:00:00Z', REGION_TIME_ZONES.QLD)).toBe('AEST');
  });

  it('is refused in an update unless it is on the list', () => {
    expect(UpdateBusinessRequestSchema.safeParse({ timeZone: 'Australia/Perth' }).success).toBe(
      true,
    );
    const bad = UpdateBusinessRequestSchema.safeParse({ timeZone: 'Europe/London' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Choose an Australian time zone']);
  });
});
