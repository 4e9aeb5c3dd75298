import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '@slotwise/ui';

// Toasts are recorded (see toasts()) rather than sent to a shell, which a unit test does not have.
vi.mock('@slotwise/ui', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  toast: vi.fn(),
}));

// Component tests walk whole flows on a shared machine: give lazy chunks and renders time (the
// default 1 s wait has run out on a busy CI machine).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
  cleanup();
  vi.mocked(toast).mockClear();
});
