import { Suspense, lazy, useEffect, useState } from 'react';
import { type ActiveToast } from './RadixToaster';
import { subscribeToToasts } from './toast-bus';

// Radix Toast weighs ~11 KB gzip: it loads with the first toast (or the first F8) instead of with
// every page.
const RadixToaster = lazy(() => import('./RadixToaster'));

/**
 * The app's single notification region; render it once, in the shell. It listens for toast events
 * from every bundle and shows the latest one (one at a time). F8 focuses the region even before
 * any toast has loaded it.
 */
export function Toaster() {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [focusRequested, setFocusRequested] = useState(false);

  useEffect(() => {
    let nextId = 1;
    return subscribeToToasts((options) => setCurrent({ ...options, id: nextId++, open: true }));
  }, []);

  const loaded = current !== null || focusRequested;
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
      <RadixToaster
        toast={current}
        focusOnMount={focusRequested}
        onOpenChange={(open) => setCurrent((t) => (t ? { ...t, open } : t))}
      />
    </Suspense>
  );
}
