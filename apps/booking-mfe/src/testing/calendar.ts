import { screen } from '@testing-library/react';

/**
 * The calendar's button for `day` ('YYYY-MM-DD'), once the lazily loaded calendar is on screen
 * (the first test to open it also waits for its module to be transformed).
 */
export async function calendarDay(day: string): Promise<HTMLButtonElement> {
  await screen.findByRole('grid', {}, { timeout: 15_000 });
  const button = document.querySelector<HTMLButtonElement>(`td[data-day="${day}"] button`);
  if (!button) throw new Error(`the calendar does not offer ${day}`);
  return button;
}
