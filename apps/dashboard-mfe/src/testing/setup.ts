import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '@slotwise/ui';

// Toasts are recorded (see toasts()) rather than sent to a shell, which a unit test does not have.
vi.mock('@slotwise/ui', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  toast: vi.fn(),
}));

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
  cleanup();
  vi.mocked(toast).mockClear();
});
