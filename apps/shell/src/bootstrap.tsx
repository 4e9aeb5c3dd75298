import '@slotwise/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { createQueryClient } from './query-client';
import { areaForPath, isProtectedArea } from './routing/areas';
import { restoreSession } from './session/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The query client lives here and reaches the remotes through the shared react-query singleton.
const queryClient = createQueryClient();

// Restore the owner's session from the refresh cookie while the page renders (spec section 4).
restoreSession(
  ['auth', 'verify-email'].includes(areaForPath(location.pathname)) ||
    isProtectedArea(areaForPath(location.pathname)),
);

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
