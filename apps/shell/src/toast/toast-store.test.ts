import { describe, expect, it } from 'vitest';
import { setToastSink, toast } from '@slotwise/ui';
import { setToastOpen, showToast, useToastStore } from './toast-store';

describe('toast store', () => {
  it('shows one toast at a time: a new toast replaces the one on screen with a fresh id', () => {
    showToast({ title: 'Signed out', description: "You've been successfully signed out." });
    const first = useToastStore.getState().current;
    expect(first).toMatchObject({ title: 'Signed out', variant: 'default', open: true });

    showToast({ title: 'Sign in failed', variant: 'destructive' });
    const second = useToastStore.getState().current;
    expect(second).toMatchObject({ title: 'Sign in failed', variant: 'destructive', open: true });
    expect(second?.id).not.toBe(first?.id);
  });

  it('keeps a dismissed toast (closed) while it animates out', () => {
    showToast({ title: 'Saved' });
    setToastOpen(false);
    expect(useToastStore.getState().current).toMatchObject({ title: 'Saved', open: false });
  });

  it("receives the shell's own toast() calls once it is the sink, and ignores malformed ones", () => {
    setToastSink(showToast);
    toast({ title: 'Welcome back!', variant: 'success' });
    expect(useToastStore.getState().current).toMatchObject({ title: 'Welcome back!', open: true });
    showToast({ title: '' });
    expect(useToastStore.getState().current?.title).toBe('Welcome back!');
    setToastSink(null);
  });
});
