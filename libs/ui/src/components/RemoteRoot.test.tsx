// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToastSink, toast } from '../toast/toast-bus';
import { PAGE_READY_EVENT, RemoteRoot, remotePages } from './RemoteRoot';

afterEach(() => setToastSink(null));

describe('RemoteRoot', () => {
  it("marks the remote's build and sends this bundle's toasts to the shell's notify", () => {
    const notify = vi.fn();
    render(
      <RemoteRoot name="booking" buildId="b-42" notify={notify}>
        <p>Choose a Service</p>
      </RemoteRoot>,
    );
    const root = screen.getByText('Choose a Service').parentElement;
    expect(root?.dataset).toMatchObject({ remote: 'booking', buildId: 'b-42' });

    toast({ title: 'Appointment booked successfully!', variant: 'success' });
    expect(notify).toHaveBeenCalledWith({
      title: 'Appointment booked successfully!',
      description: undefined,
      variant: 'success',
    });
  });
});

describe('remotePages', () => {
  it("turns the published route list into <Routes> paths below the shell's splat route", () => {
    const pages = remotePages(
      { home: { path: '/' }, book: { path: '/book/:businessSlug' } },
      { home: 'home page', book: 'booking page' },
    );
    expect(pages.map(({ key, path }) => ({ key, path }))).toEqual([
      { key: 'home', path: '' },
      { key: 'book', path: 'book/:businessSlug' },
    ]);
  });

  it('renders each page and tells the shell once it has mounted (hydrated)', () => {
    const ready = vi.fn();
    window.addEventListener(PAGE_READY_EVENT, ready);
    const [home] = remotePages({ home: { path: '/' } }, { home: <p>home page</p> });
    render(<>{home?.element}</>);
    window.removeEventListener(PAGE_READY_EVENT, ready);
    expect(screen.getByText('home page')).toBeTruthy();
    expect(ready).toHaveBeenCalledTimes(1);
  });
});
