import { Suspense, lazy, useEffect, useState } from 'react';
import { type ActiveToast } from './toast-bus';

// Radix Toast weighs ~11 KB gzip: it loads with the first toast (or the first F8) instead of with
// every page.
const RadixToaster = lazy(() => import('./RadixToaster'));

export interface ToasterProps {
  /** The toast to show (one at a time), kept by the app that renders the region. */
  toast: ActiveToast | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * The page's single notification region; the shell renders it once. F8 focuses the region even
 * before any toast has loaded it.
 */
export function Toaster({ toast, onOpenChange }: ToasterProps) {
  const [focusRequested, setFocusRequested] = useState(false);

  const loaded = toast !== null || focusRequested;
  useEffect(() => {
    // Once Radix is on the page its own hotkey handles F8.
    if (loaded) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') setFocusRequested(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [loaded]);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster toast={toast} focusOnMount={focusRequested} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
