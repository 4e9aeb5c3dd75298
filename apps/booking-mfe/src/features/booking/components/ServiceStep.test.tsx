// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mensCut, womensCut } from '../../../testing/fixtures';
import { ServiceStep } from './ServiceStep';

const props = {
  focusHeading: false,
  services: [womensCut, mensCut],
  isLoading: false,
  isError: false,
  selectedId: null,
  onSelect: () => undefined,
};

describe('ServiceStep', () => {
  it('lists each service with its description, price and duration', () => {
    render(<ServiceStep {...props} />);
    expect(screen.getByRole('heading', { name: 'Choose a Service' })).toBeTruthy();
    const women = screen.getByRole('button', { name: /Women's Cut/ });
    expect(within(women).getByText('Wash, cut and blow-dry')).toBeTruthy();
    expect(within(women).getByText('$85.00')).toBeTruthy();
    expect(women.textContent).toContain('45 min');
    const men = screen.getByRole('button', { name: /Men's Cut/ });
    expect(men.textContent).toContain('$45.00');
    expect(men.textContent).toContain('30 min');
  });

  it('reports the chosen service and marks the selected one', async () => {
    const onSelect = vi.fn();
    render(<ServiceStep {...props} selectedId={4} onSelect={onSelect} />);
    expect(screen.getByRole('button', { name: /Men's Cut/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: /Women's Cut/ }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await userEvent.click(screen.getByRole('button', { name: /Women's Cut/ }));
    expect(onSelect).toHaveBeenCalledWith(3);
  });

  it('shows a loading placeholder, then the empty text when there is nothing to book', () => {
    const { rerender } = render(<ServiceStep {...props} services={undefined} isLoading />);
    expect(screen.getByRole('status').textContent).toContain('Loading services…');
    rerender(<ServiceStep {...props} services={[]} />);
    expect(screen.getByText('No services available for this business.')).toBeTruthy();
    rerender(<ServiceStep {...props} isError />);
    expect(screen.getByText('No services available for this business.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('focuses its heading only once the customer has moved between steps', () => {
    const { unmount } = render(<ServiceStep {...props} />);
    expect(document.activeElement).not.toBe(screen.getByRole('heading'));
    unmount();
    render(<ServiceStep {...props} focusHeading />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose a Service' }));
  });
});
