// Zod-free and dependency-free on purpose: browsers show phone numbers without pulling in a phone
// number library. The API parses and validates numbers (libphonenumber-js) and stores E.164.

/** What the API answers when a phone number cannot be a real one. */
export const INVALID_PHONE_MESSAGE = 'Please enter a valid phone number';

/** An Australian mobile in E.164 (+61 4xx xxx xxx): the only numbers SMS are sent to. */
export function isAustralianMobile(phone: string | null | undefined): boolean {
  return !!phone && /^\+614\d{8}$/.test(phone);
}

const group = (digits: string, sizes: readonly number[]): string => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.filter(Boolean).join(' ');
};

/**
 * A stored number as an Australian owner reads it: '+61412345678' → '0412 345 678',
 * '+61293614820' → '(02) 9361 4820', '+611300123456' → '1300 123 456'. Other countries' numbers
 * stay in their international form, and a number kept as it was typed is shown as typed.
 */
export function formatPhoneForDisplay(phone: string | null | undefined): string {
  if (!phone) return '';
  const au = /^\+61(\d+)$/.exec(phone)?.[1];
  if (!au) return phone;
  if (/^4\d{8}$/.test(au)) return `0${group(au, [3, 3, 3])}`;
  if (/^[2378]\d{8}$/.test(au)) return `(0${au[0]}) ${group(au.slice(1), [4, 4])}`;
  if (/^1[38]00\d{6}$/.test(au)) return group(au, [4, 3, 3]);
  if (/^13\d{4}$/.test(au)) return group(au, [2, 2, 2]);
  return `0${au}`;
}

/** Digits and what people type between them: spaces, dots, dashes, brackets, a leading '+'. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * The digits after Australia's country code or trunk 0 ('0412 345 678', '+61 (0)412 345 678',
 * '0061 412 345 678' → '412345678'); null when the number is not written in an Australian form.
 */
function australianNationalDigits(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+')
    ? digits
    : digits.startsWith('00')
      ? digits.slice(2)
      : null;
  if (international !== null) {
    return international.startsWith('61') ? international.slice(2).replace(/^0/, '') : null;
  }
  return digits.startsWith('0') ? digits.slice(1) : null;
}

/**
 * A light check of a typed number, for browsers that load no phone library (the API has the last
 * word): allowed characters only, 10 digits for an Australian number with its 0, 9 after +61, and
 * 8 to 15 digits for any other (E.164 holds at most 15).
 */
export function isPlausiblePhoneNumber(text: string): boolean {
  const typed = text.trim();
  if (!PHONE_CHARACTERS.test(typed)) return false;
  const national = australianNationalDigits(typed);
  if (national !== null) return national.length === 9;
  const digits = typed.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
}

/**
 * Whether a typed number is an Australian mobile ('0412 345 678', '+61 412 345 678',
 * '61412345678', '412 345 678'), the only numbers SMS go to.
 */
export function isTypedAustralianMobile(text: string): boolean {
  const typed = text.trim();
  if (!isPlausiblePhoneNumber(typed)) return false;
  const national = australianNationalDigits(typed);
  if (national !== null) return /^4\d{8}$/.test(national);
  return /^(61)?4\d{8}$/.test(typed.replace(/\D/g, ''));
}
