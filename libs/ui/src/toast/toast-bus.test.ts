import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToastSink, toToastOptions, toast } from './toast-bus';

afterEach(() => setToastSink(null));

describe('toast sink', () => {
  it("delivers every toast to the sink this copy was given (the shell's region)", () => {
    const sink = vi.fn();
    setToastSink(sink);
    toast({ title: 'Appointment booked successfully!', variant: 'success' });
    toast({ title: 'Sign out failed', description: 'Please check your connection and try again.' });
    expect(sink.mock.calls).toEqual([
      [{ title: 'Appointment booked successfully!', description: undefined, variant: 'success' }],
      [
        {
          title: 'Sign out failed',
          description: 'Please check your connection and try again.',
          variant: 'default',
        },
      ],
    ]);
  });

  it('keeps the newest toast raised before any sink and delivers it once one is set', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'info' });
    const sink = vi.fn();
    setToastSink(sink);
    expect(sink).toHaveBeenCalledOnce();
    expect(sink).toHaveBeenCalledWith({ title: 'Second', description: undefined, variant: 'info' });

    setToastSink(null);
    const later = vi.fn();
    setToastSink(later);
    expect(later).not.toHaveBeenCalled();
  });

  it('sends toasts to the newest sink only', () => {
    const first = vi.fn();
    const second = vi.fn();
    setToastSink(first);
    setToastSink(second);
    toast({ title: 'Saved' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });

  it('drops malformed toasts and defaults unknown variants', () => {
    const sink = vi.fn();
    setToastSink(sink);
    toast({ title: '' });
    toast({ description: 'no title' } as never);
    expect(sink).not.toHaveBeenCalled();

    expect(toToastOptions('text')).toBeNull();
    expect(toToastOptions({ title: 'Hi', variant: 'rainbow', description: 3 })).toEqual({
      title: 'Hi',
      description: undefined,
      variant: 'default',
    });
  });
});
