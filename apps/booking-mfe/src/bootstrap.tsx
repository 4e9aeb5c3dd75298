// Standalone harness for working on this remote alone (the shell never loads this entry): it gives
// the App the router, query client and toaster the shell normally provides.
import '@slotwise/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { QUERY_DEFAULTS, Toaster } from '@slotwise/ui';
import App from './App';

const container = document.getElementById('root');
if (container) {
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App basePath="" apiBaseUrl="" session={null} />
          <Toaster />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
