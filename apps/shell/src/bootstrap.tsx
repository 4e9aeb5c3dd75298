import '@slotwise/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { setToastSink } from '@slotwise/ui';
import { App } from './App';
import { areaWhenKnown, loadRemotes } from './federation/remotes-store';
import { createQueryClient } from './query-client';
import { shellPageForPath } from './routing/areas';
import { serverRenderState } from './server-render/state';
import { restoreSession } from './session/session-store';
import { showToast } from './toast/toast-store';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The query client lives here and reaches the remotes through the shared react-query singleton.
const queryClient = createQueryClient();

// The shell's own toast() calls go to its toaster; the remotes' arrive through the notify prop.
setToastSink(showToast);

// remotes.json and every remote's route list, read while the page renders.
void loadRemotes();

// Restore the owner's session from the refresh cookie while the page renders. Sign-in and email
// verification always ask; elsewhere it depends on whether the page is for signed-in owners.
const page = shellPageForPath(location.pathname);
restoreSession(
  page
    ? page === 'auth' || page === 'verify-email'
    : areaWhenKnown(location.pathname).then((area) => area.kind === 'remote' && area.ownerOnly),
);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

// A server-rendered page is hydrated (its elements kept), with the server's query answers;
// createRoot would draw it again from nothing.
const server = serverRenderState();
if (server) {
  for (const { queryKey, data, updatedAt } of server.queries)
    queryClient.setQueryData(queryKey, data, { updatedAt });
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
