// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, TabsList, TabsTrigger } from './Tabs';

afterEach(cleanup);

const NAMES = ['One', 'Two', 'Three', 'Four', 'Five'];
function Harness({ overflow, value }: { overflow?: 'wrap' | 'scroll'; value: string }) {
  return (
    <Tabs value={value}>
      <TabsList aria-label="Sections" overflow={overflow}>
        {NAMES.map((name) => (
          <TabsTrigger key={name} value={name}>
            {name}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  );
}

/** Gives the happy-dom list a 100 px window on five 100 px tabs laid side by side. */
function layOut(list: HTMLElement) {
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: 500 });
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: 100 });
  list.getBoundingClientRect = () => ({ left: 0 }) as DOMRect;
  screen.getAllByRole('tab').forEach((tab, i) => {
    Object.defineProperty(tab, 'offsetWidth', { configurable: true, value: 100 });
    tab.getBoundingClientRect = () => ({ left: i * 100 - list.scrollLeft }) as DOMRect;
  });
}

describe('TabsList', () => {
  it('wraps by default and scrolls sideways with overflow="scroll"', () => {
    const { unmount } = render(<Harness value="One" />);
    expect(screen.getByRole('tablist').className).toBe('sw-tabs__list');
    unmount();
    render(<Harness value="One" overflow="scroll" />);
    expect(screen.getByRole('tablist').className).toBe('sw-tabs__list sw-tabs__list--scroll');
  });

  it('keeps the selected tab in view when the selection changes', async () => {
    const { rerender } = render(<Harness value="One" overflow="scroll" />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    layOut(list);
    expect(list.scrollLeft).toBe(0);

    await act(async () => rerender(<Harness value="Five" overflow="scroll" />));
    // The last tab's right edge (500) plus a 24 px glimpse, less the 100 px window.
    expect(list.scrollLeft).toBe(424);

    await act(async () => rerender(<Harness value="Two" overflow="scroll" />));
    // Back to the left: the tab's left edge (100) less the glimpse.
    expect(list.scrollLeft).toBe(76);

    await act(async () => rerender(<Harness value="Three" overflow="scroll" />));
    // Three (200-300) is not wholly shown in 76-176: scrolled so its right edge shows.
    expect(list.scrollLeft).toBe(224);
  });

  it('leaves a wrapping list alone', async () => {
    const { rerender } = render(<Harness value="One" />);
    const list = screen.getByRole('tablist');
    layOut(list);
    await act(async () => rerender(<Harness value="Five" />));
    expect(list.scrollLeft).toBe(0);
  });
});
