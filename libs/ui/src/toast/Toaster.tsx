import { Suspense, lazy, useEffect, useState } from 'react';
import { type ActiveToast } from './RadixToaster';
import { subscribeToToasts } from './toast-bus';

// Radix Toast weighs ~11 KB gzip: it loads with the first toast instead of with every page.
const RadixToaster = lazy(() => import('./RadixToaster'));

/**
 * The app's single notification region; render it once, in the shell. It listens for toast events
 * from every bundle and shows the latest one (one at a time).
 */
export function Toaster() {
  const [current, setCurrent] = useState<ActiveToast | null>(null);

  useEffect(() => {
    let nextId = 1;
    return subscribeToToasts((options) => setCurrent({ ...options, id: nextId++, open: true }));
  }, []);

  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster
        toast={current}
        onOpenChange={(open) => setCurrent((t) => (t ? { ...t, open } : t))}
      />
    </Suspense>
  );
}
