import { vi } from 'vitest';
import { toast } from '@slotwise/ui';

/**
 * The toasts shown so far, as 'title: description' (or the title alone), in a test file that
 * mocks `toast` of '@slotwise/ui' (component tests render no <Toaster/>).
 */
export function toasts(): string[] {
  return vi
    .mocked(toast)
    .mock.calls.map(([t]) =>
      t.description === undefined ? t.title : `${t.title}: ${t.description}`,
    );
}
