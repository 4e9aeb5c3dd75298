import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
afterEach(cleanup);
// Component tests walk whole flows on a shared machine: give lazy chunks and renders time.
configure({ asyncUtilTimeout: 5_000 });
