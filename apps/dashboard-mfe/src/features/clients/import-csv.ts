import {
  type ClientImportMapping,
  IMPORT_PRESET_MAPPINGS,
  type ImportPreset,
} from '@slotwise/contracts';

/** The header row of a CSV text (quoted names allowed), for the mapping step. */
export function csvHeaders(text: string): string[] {
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  out.push(cell.trim());
  return out.filter(Boolean);
}

/** The preset whose columns the file has (first name and phone at least), if any. */
export function detectPreset(headers: readonly string[]): ImportPreset | null {
  for (const [name, mapping] of Object.entries(IMPORT_PRESET_MAPPINGS)) {
    if (headers.includes(mapping.firstName!) && headers.includes(mapping.phone)) {
      return name as ImportPreset;
    }
  }
  return null;
}

/** A preset's mapping, keeping only the columns the file has. */
export function presetMapping(
  preset: ImportPreset,
  headers: readonly string[],
): Partial<ClientImportMapping> {
  const mapping: Partial<ClientImportMapping> = {};
  for (const [field, column] of Object.entries(IMPORT_PRESET_MAPPINGS[preset])) {
    if (column && headers.includes(column)) (mapping as Record<string, string>)[field] = column;
  }
  return mapping;
}
