// Australia's states and territories in words: the business's region picks its public holidays.
import {
  type AuRegion,
  AU_REGIONS,
  AU_TIME_ZONES,
  TIME_ZONE_NAMES,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import { type Choice } from './SelectField';

export const REGION_NAMES: Record<AuRegion, string> = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
};

export const REGION_CHOICES: Choice[] = AU_REGIONS.map((r) => ({
  value: r,
  label: REGION_NAMES[r],
}));

/** The Australian zones a business may choose, named by their places. */
export const TIME_ZONE_CHOICES: Choice[] = AU_TIME_ZONES.map((z) => ({
  value: z,
  label: TIME_ZONE_NAMES[z],
}));

/** 'Australia/Perth, AWST': the zone and its abbreviation now (daylight saving included). */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  return `${timeZone}, ${timeZoneAbbreviation(at, timeZone)}`;
}
