/**
 * Toasts travel as window CustomEvents: every remote bundles its own copy of this library (module
 * instances are not shared across federated apps), so a module-level store would split into one per
 * app. The shell renders the single <Toaster/>, which listens for these events.
 */
export type ToastVariant = 'default' | 'success' | 'destructive' | 'info';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export const TOAST_EVENT = 'slotwise:toast';

/** Spec section 9: one toast at a time, 5 s, swipe right past 50 px to dismiss, F8 focuses them. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

const VARIANTS: readonly ToastVariant[] = ['default', 'success', 'destructive', 'info'];

/** Events can come from any script on the page, so the payload is checked before use. */
export function toToastOptions(detail: unknown): ToastOptions | null {
  if (!detail || typeof detail !== 'object') return null;
  const d = detail as Record<string, unknown>;
  if (typeof d.title !== 'string' || d.title === '') return null;
  const variant = VARIANTS.find((v) => v === d.variant) ?? 'default';
  const description = typeof d.description === 'string' ? d.description : undefined;
  return { title: d.title, description, variant };
}

function defaultTarget(): EventTarget | null {
  return typeof window === 'undefined' ? null : window;
}

/** Shows a toast in the shell's notification region. */
export function toast(options: ToastOptions, target: EventTarget | null = defaultTarget()): void {
  target?.dispatchEvent(new CustomEvent<ToastOptions>(TOAST_EVENT, { detail: options }));
}

/** Calls `listener` for every valid toast event; returns the unsubscribe function. */
export function subscribeToToasts(
  listener: (options: ToastOptions) => void,
  target: EventTarget | null = defaultTarget(),
): () => void {
  if (!target) return () => undefined;
  const handler = (event: Event) => {
    const options = toToastOptions((event as CustomEvent<unknown>).detail);
    if (options) listener(options);
  };
  target.addEventListener(TOAST_EVENT, handler);
  return () => target.removeEventListener(TOAST_EVENT, handler);
}
