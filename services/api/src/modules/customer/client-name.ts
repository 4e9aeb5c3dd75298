/**
 * The key a client's name is matched by (decision 35): case, spaces and accents ignored, so
 * 'Zoë  Smith' and 'zoe smith' are one person and 'Chloe Wilson' is not 'Olivia Brown'.
 */
export function clientNameKey(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
