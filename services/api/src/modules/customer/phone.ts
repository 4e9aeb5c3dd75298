// Max metadata: the API checks the digits themselves, not only the length (the browsers load no
// phone library; a number they let through is refused here with the same text).
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { INVALID_PHONE_MESSAGE } from '@slotwise/contracts';
import { ValidationFailedException } from '../../core/exceptions/domain.exception.js';

/** Numbers typed without a country code are Australian. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'AU';

/**
 * Numbers read lately and what they read as: a public booking reads its number twice (its rate
 * limit, then the booking), and a parse with the full metadata costs more than the rest of the
 * request's own work on the number.
 */
const recentlyRead = new Map<string, string | null>();
const RECENTLY_READ_KEPT = 1000;

/** '0412 345 678', '+61 412 345 678', '61412345678' → '+61412345678'; null when not a real number. */
export function normalisePhone(text: string, country = DEFAULT_PHONE_COUNTRY): string | null {
  const key = `${country} ${text}`;
  const known = recentlyRead.get(key);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(text.trim(), country);
  const phone = parsed?.isValid() ? parsed.number : null;
  if (recentlyRead.size >= RECENTLY_READ_KEPT) recentlyRead.clear();
  recentlyRead.set(key, phone);
  return phone;
}

/** The number in E.164, or a 400 naming `field` ('Please enter a valid phone number'). */
export function customerPhone(text: string, field = 'phone'): string {
  const phone = normalisePhone(text);
  if (!phone) {
    throw new ValidationFailedException(INVALID_PHONE_MESSAGE, [
      { path: field, message: INVALID_PHONE_MESSAGE },
    ]);
  }
  return phone;
}

/**
 * The digit strings a typed search may match in stored numbers: its digits, and for a local
 * Australian form ('0412 345') the same without the trunk 0 after the country code ('61412345').
 * Null when the text holds too few digits to mean a phone number.
 */
export function phoneSearchDigits(text: string): string[] | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return null;
  const forms = new Set([digits]);
  if (digits.startsWith('0') && !digits.startsWith('00')) forms.add(`61${digits.slice(1)}`);
  return [...forms];
}
