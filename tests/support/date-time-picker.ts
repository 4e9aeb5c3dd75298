import type { Locator, Page } from 'playwright-core';

/**
 * In the date-and-time picker (booking and reschedule): clicks enabled days in order, moving to the
 * next month when a month has none, until a day offers a time; answers that day's first time
 * (not clicked). `months` bounds how far it looks.
 */
export async function firstFreeSlot(page: Page, months = 40): Promise<Locator> {
  for (let attempt = 0; attempt < months; attempt++) {
    const days = page.locator(
      '.rdp-day:not(.rdp-disabled):not(.rdp-outside) button:not([disabled])',
    );
    const count = await days.count();
    for (let i = 0; i < count; i++) {
      await days.nth(i).click();
      const slot = page.locator('[data-testid="time-slot"]').first();
      const empty = page.getByText('No available times for this date.');
      await Promise.race([slot.waitFor(), empty.waitFor()]);
      if (await slot.isVisible()) return slot;
    }
    await page.getByRole('button', { name: /next month/i }).click();
  }
  throw new Error('no free time found');
}

/** Picks the first free time (see firstFreeSlot) and answers its label, e.g. '9:00 AM'. */
export async function pickFirstFreeTime(page: Page): Promise<string | undefined> {
  const slot = await firstFreeSlot(page);
  const time = (await slot.textContent())?.trim();
  await slot.click();
  return time;
}
