// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ListQuery, ListCard, QueryState, RowActions } from './ListCard';

afterEach(cleanup);

const query = (state: Partial<ListQuery<string>>): ListQuery<string> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  ...state,
});

function renderCard(state: Partial<ListQuery<string>>) {
  return render(
    <ListCard
      header={<h2>Services</h2>}
      notices={<p>1 / 5 services</p>}
      query={query(state)}
      loading={<p>Loading…</p>}
      errorTitle="Could not load your services"
      empty={<p>No services yet</p>}
      dialogs={<p>dialogs</p>}
      className="extra"
    >
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListCard>,
  );
}

describe('ListCard', () => {
  it('shows the heading, notices and dialogs around the list in each of its states', () => {
    const { container } = renderCard({ isPending: true });
    expect(container.firstElementChild?.className).toBe('sw-card extra');
    expect(screen.getByText('Services')).toBeTruthy();
    expect(screen.getByText('1 / 5 services')).toBeTruthy();
    expect(screen.getByText('dialogs')).toBeTruthy();
    expect(screen.getByText('Loading…')).toBeTruthy();
    cleanup();

    renderCard({ isError: true, error: { message: 'Network Error' } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load your services');
    expect(alert.textContent).toContain('Network Error');
    cleanup();

    renderCard({ data: [] });
    expect(screen.getByText('No services yet')).toBeTruthy();
    cleanup();

    renderCard({ data: ['Cut', 'Colour'] });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Cut', 'Colour']);
    expect(screen.queryByText('No services yet')).toBeNull();
  });
});

describe('RowActions', () => {
  it('names the record on its edit and delete buttons', () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(<RowActions label="Cut" onEdit={onEdit} onDelete={onDelete} className="actions" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Cut' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Cut' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Edit Cut' }).parentElement?.className).toBe(
      'actions',
    );
  });
});

describe('QueryState', () => {
  const view = (state: Partial<ListQuery<string>>) =>
    render(
      <QueryState
        query={{ isPending: false, isError: false, error: null, data: undefined, ...state }}
        loading={<p>Loading your account…</p>}
        errorTitle="Could not load your account"
      >
        {(names) => <p>{names.length === 0 ? 'none' : names.join(', ')}</p>}
      </QueryState>,
    );

  it('shows the placeholder, the failure with its message, or the data (an empty list too)', () => {
    view({ isPending: true });
    expect(screen.getByText('Loading your account…')).toBeTruthy();
    cleanup();

    view({ isError: true, error: { message: 'Network Error' } });
    expect(screen.getByRole('alert').textContent).toBe('Could not load your accountNetwork Error');
    cleanup();

    view({ data: [] });
    expect(screen.getByText('none')).toBeTruthy();
    cleanup();

    view({ data: ['Ann', 'Bo'] });
    expect(screen.getByText('Ann, Bo')).toBeTruthy();
  });
});
