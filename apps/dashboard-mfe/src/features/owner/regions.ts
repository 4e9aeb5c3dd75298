// Australia's states and territories in words: the business's region picks its public holidays.
import { type AuRegion, AU_REGIONS } from '@slotwise/contracts';
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
