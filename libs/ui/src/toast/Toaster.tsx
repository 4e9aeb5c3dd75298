import * as RadixToast from '@radix-ui/react-toast';
import { useEffect, useState } from 'react';
import { cx } from '../cx';
import { CloseIcon } from '../components/icons';
import { subscribeToToasts, type ToastOptions } from './toast-bus';

/** Spec section 9: one toast at a time, 5 s, swipe right past 50 px to dismiss, F8 focuses them. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

interface ActiveToast extends ToastOptions {
  id: number;
  open: boolean;
}

/** The app's single notification region; render it once, in the shell. */
export function Toaster() {
  const [current, setCurrent] = useState<ActiveToast | null>(null);

  useEffect(() => {
    let nextId = 1;
    // A new toast replaces the visible one (one at a time); the fresh key restarts the timer.
    return subscribeToToasts((options) => setCurrent({ ...options, id: nextId++, open: true }));
  }, []);

  const variant = current?.variant ?? 'default';
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {current && (
        <RadixToast.Root
          key={current.id}
          open={current.open}
          onOpenChange={(open) => setCurrent((t) => (t ? { ...t, open } : t))}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cx('sw-toast', variant !== 'default' && `sw-toast--${variant}`)}
          data-variant={variant}
        >
          <RadixToast.Title className="sw-toast__title">{current.title}</RadixToast.Title>
          {current.description && (
            <RadixToast.Description className="sw-toast__description">
              {current.description}
            </RadixToast.Description>
          )}
          <RadixToast.Close className="sw-toast__close" aria-label="Dismiss notification">
            <CloseIcon width={16} height={16} />
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport className="sw-toast-viewport" hotkey={['F8']} />
    </RadixToast.Provider>
  );
}
