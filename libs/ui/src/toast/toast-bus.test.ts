import { describe, expect, it, vi } from 'vitest';
import { TOAST_EVENT, subscribeToToasts, toToastOptions, toast } from './toast-bus';

describe('toast event bus', () => {
  it('delivers toasts dispatched by any bundle to the subscriber', () => {
    const target = new EventTarget();
    const listener = vi.fn();
    const unsubscribe = subscribeToToasts(listener, target);

    toast({ title: 'Appointment booked successfully!', variant: 'success' }, target);
    expect(listener).toHaveBeenCalledWith({
      title: 'Appointment booked successfully!',
      description: undefined,
      variant: 'success',
    });

    unsubscribe();
    toast({ title: 'After unsubscribe' }, target);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores malformed events and defaults unknown variants', () => {
    const target = new EventTarget();
    const listener = vi.fn();
    subscribeToToasts(listener, target);
    target.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: { description: 'no title' } }));
    target.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: 'text' }));
    expect(listener).not.toHaveBeenCalled();

    expect(toToastOptions({ title: 'Hi', variant: 'rainbow', description: 3 })).toEqual({
      title: 'Hi',
      description: undefined,
      variant: 'default',
    });
  });

  it('does nothing without a window (server or test environment)', () => {
    expect(() => toast({ title: 'x' }, null)).not.toThrow();
    expect(subscribeToToasts(() => undefined, null)).toBeTypeOf('function');
  });
});
