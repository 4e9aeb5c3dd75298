/**
 * Phones are stored as people typed them ('0412 345 678'); Twilio wants E.164. Australian forms
 * (0X XXXX XXXX, 4XX XXX XXX, 61..., 0061..., +61 0...) become +61...; any other number written
 * with a leading + or 00 is kept as an international E.164 number. Anything else is null.
 */
export function toE164(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  let international: string;
  if (trimmed.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (digits.startsWith('61') && digits.length === 11) international = digits;
  else if (digits.startsWith('0') && digits.length === 10) international = `61${digits.slice(1)}`;
  else if (/^[2-478]\d{8}$/.test(digits)) international = `61${digits}`;
  else return null;
  // '+61 0412 345 678': the trunk 0 does not belong after the country code.
  if (/^610\d{9}$/.test(international)) international = `61${international.slice(3)}`;
  if (international.startsWith('61') && international.length !== 11) return null;
  if (!/^[1-9]\d{7,14}$/.test(international)) return null;
  return `+${international}`;
}
