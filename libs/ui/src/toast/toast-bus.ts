import { type ToastMessage, type ToastVariant } from '@slotwise/contracts';

/**
 * Toasts go to a sink: every federated app bundles its own copy of this library, so each copy is
 * given the shell's one function that shows toasts (the shell sets it for its own copy; a remote's
 * `RemoteRoot` sets it from the `notify` prop). The page keeps a single notification region.
 */
export type { ToastVariant };
export type ToastOptions = ToastMessage;
export type ToastSink = (toast: ToastOptions) => void;

/** A toast on screen: a fresh id per toast restarts the timer when one replaces another. */
export interface ActiveToast extends ToastOptions {
  id: number;
  open: boolean;
}

/** One toast at a time, 5 s each, swipe right past 50 px to dismiss, F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

const VARIANTS: readonly ToastVariant[] = ['default', 'success', 'destructive', 'info'];

/** Toasts may come from another app's build, so the payload is checked before it is shown. */
export function toToastOptions(detail: unknown): ToastOptions | null {
  if (!detail || typeof detail !== 'object') return null;
  const d = detail as Record<string, unknown>;
  if (typeof d.title !== 'string' || d.title === '') return null;
  const variant = VARIANTS.find((v) => v === d.variant) ?? 'default';
  const description = typeof d.description === 'string' ? d.description : undefined;
  return { title: d.title, description, variant };
}

let sink: ToastSink | null = null;
/** A toast raised before the sink was set (the newest only: one is shown at a time). */
let pending: ToastOptions | null = null;

/** Where this copy's toasts go from now on; a toast raised before any sink is delivered now. */
export function setToastSink(next: ToastSink | null): void {
  sink = next;
  if (sink && pending) {
    const waiting = pending;
    pending = null;
    sink(waiting);
  }
}

/** Shows a toast in the shell's notification region. */
export function toast(options: ToastOptions): void {
  const checked = toToastOptions(options);
  if (!checked) return;
  if (sink) sink(checked);
  else pending = checked;
}
