import { useEffect, useRef } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { cx } from '../cx';
import { CloseIcon } from '../components/icons';
import { type ActiveToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from './toast-bus';

export interface RadixToasterProps {
  toast: ActiveToast | null;
  /** Focus the region once mounted: it was loaded by an F8 press that Radix did not see. */
  focusOnMount: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The notification region itself (Radix Toast). Loaded on the first toast; see Toaster. */
export default function RadixToaster({ toast, focusOnMount, onOpenChange }: RadixToasterProps) {
  const viewport = useRef<HTMLOListElement>(null);
  // Only the press that loaded the region; later presses go through Radix's own hotkey.
  const focusOnce = useRef(focusOnMount);
  const variant = toast?.variant ?? 'default';

  useEffect(() => {
    if (focusOnce.current) viewport.current?.focus();
  }, []);

  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {/* The fresh key per toast restarts the timer when a new toast replaces the visible one. */}
      {toast && (
        <RadixToast.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={onOpenChange}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cx('sw-toast', variant !== 'default' && `sw-toast--${variant}`)}
          data-variant={variant}
        >
          <RadixToast.Title className="sw-toast__title">{toast.title}</RadixToast.Title>
          {toast.description && (
            <RadixToast.Description className="sw-toast__description">
              {toast.description}
            </RadixToast.Description>
          )}
          <RadixToast.Close
            className="sw-close-button sw-toast__close"
            aria-label="Dismiss notification"
          >
            <CloseIcon width={16} height={16} />
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport ref={viewport} className="sw-toast-viewport" hotkey={['F8']} />
    </RadixToast.Provider>
  );
}
