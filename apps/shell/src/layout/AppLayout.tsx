import { Outlet } from 'react-router';
import { Toaster } from '@slotwise/ui';
import { setToastOpen, useToastStore } from '../toast/toast-store';
import { Footer } from './Footer';
import { Header } from './Header';

export function AppLayout() {
  const toast = useToastStore((s) => s.current);
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
