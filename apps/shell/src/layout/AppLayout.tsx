import { Outlet, useLocation } from 'react-router';
import { Toaster } from '@slotwise/ui';
import { useRemotesStore } from '../federation/remotes-store';
import { resolveArea } from '../routing/areas';
import { setToastOpen, useToastStore } from '../toast/toast-store';
import { Footer } from './Footer';
import { Header } from './Header';

/** Whether this document is shown inside another page's frame (the booking widget). */
function isFramed(): boolean {
  try {
    return typeof window !== 'undefined' && window.self !== window.top;
  } catch {
    // A cross-origin parent may refuse the comparison: framed.
    return true;
  }
}

/**
 * A bare page (a remote route with `bare`, the booking widget's /embed/{slug}) gets neither
 * header nor footer; inside a frame neither shows while the remotes' route lists load, so the
 * widget never flashes the site's chrome.
 */
function useBare(): boolean {
  const { pathname } = useLocation();
  const config = useRemotesStore((s) => s.config);
  const remotes = useRemotesStore((s) => s.remotes);
  const area = resolveArea(pathname, { config, remotes });
  if (area.kind === 'remote') return area.bare === true;
  return area.kind === 'loading' && isFramed();
}

export function AppLayout() {
  const toast = useToastStore((s) => s.current);
  const bare = useBare();
  if (bare) {
    return (
      <div className="shell shell--bare">
        <main id="main" className="shell-main" tabIndex={-1}>
          <Outlet />
        </main>
        <Toaster toast={toast} onOpenChange={setToastOpen} />
      </div>
    );
  }
  return (
    <div className="shell">
      <a href="#main" className="shell-skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Toaster toast={toast} onOpenChange={setToastOpen} />
    </div>
  );
}
