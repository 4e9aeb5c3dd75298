import { create } from 'zustand';
import { type ActiveToast, type ToastOptions, toToastOptions } from '@slotwise/ui';

interface ToastState {
  /** The one toast on screen (a new one replaces it), kept while Radix animates it out. */
  current: ActiveToast | null;
}

/** Shell-owned: the page's toast, fed by the shell's own toast() calls and the remotes' notify. */
export const useToastStore = create<ToastState>(() => ({ current: null }));

let nextId = 1;

/** Shows a toast; remotes get this as `notify` (their payload is checked, being another build's). */
export function showToast(toast: ToastOptions): void {
  const checked = toToastOptions(toast);
  if (checked) useToastStore.setState({ current: { ...checked, id: nextId++, open: true } });
}

export function setToastOpen(open: boolean): void {
  useToastStore.setState((s) => (s.current ? { current: { ...s.current, open } } : s));
}
