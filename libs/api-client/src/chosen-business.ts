import { BUSINESS_HEADER } from '@slotwise/contracts';

// A person in several businesses chooses one (the dashboard's switcher); every call of every app
// then names it in BUSINESS_HEADER, so the API's guard acts on that membership (decision 015).
const KEY = 'slotwise.business';

export function chosenBusinessId(): string | null {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** Remembers the choice for this browser; null forgets it (the API then picks the owner's own). */
export function chooseBusiness(id: number | null): void {
  try {
    if (id === null) globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, String(id));
  } catch {
    // Storage refused (private mode): the API's default business stays.
  }
}

export { BUSINESS_HEADER };
