import type { Locator, Page } from 'playwright-core';

/**
 * In the date-and-time picker (booking and reschedule): once the month's days have answered (days
 * without times are disabled then), clicks the enabled days in order, moving to the next month
 * when a month has none, until a day offers a time; answers that day's first time (not clicked).
 * `months` bounds how far it looks.
 */
export async function firstFreeSlot(page: Page, months = 40): Promise<Locator> {
  for (let attempt = 0; attempt < months; attempt++) {
    await page.locator('.bk-calendar-wrap[aria-busy="false"]').waitFor();
    // By date, not by position: a day that turns out full is disabled by the picker meanwhile.
    const days = await page
      .locator('td.rdp-day:not(.rdp-outside):has(button:not([disabled]))')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-day') ?? ''));
    for (const day of days) {
      const button = page.locator(`td[data-day="${day}"]:not(.rdp-outside) button:not([disabled])`);
      if ((await button.count()) === 0) continue;
      await button.click();
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
