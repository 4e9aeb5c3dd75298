// @vitest-environment happy-dom
import { fireEvent, render, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Service } from '@slotwise/contracts';
import { openDialog, toasts } from '../../../testing/screen';
import { ServiceDialog } from './ServiceDialog';

const REQUIRED = 'Validation Error: Please fill in all required fields.';

function open(service: Service | null) {
  const onSave = vi.fn();
  render(
    <ServiceDialog
      open
      onOpenChange={() => undefined}
      service={service}
      saving={false}
      onSave={onSave}
    />,
  );
  const { dialog, field, type, button } = openDialog();
  const submit = () => fireEvent.click(button(service ? 'Save Changes' : 'Add Service'));
  return { dialog, onSave, field, type, submit };
}

describe('the service dialog', () => {
  it('starts from the defaults and sends the price in cents, the duration in whole steps', () => {
    const { field, type, submit, onSave } = open(null);
    expect(field('Duration (minutes)').value).toBe('60');
    expect(field('Price (AUD)').value).toBe('85.00');
    type('Service Name', '  Consultation ');
    type('Price (AUD)', '$1,070.5');
    fireEvent.blur(field('Price (AUD)'));
    expect(field('Price (AUD)').value).toBe('1070.50');
    type('Duration (minutes)', '50');
    // Anything but digits is ignored as it is typed.
    type('Duration (minutes)', '5x');
    expect(field('Duration (minutes)').value).toBe('50');
    submit();
    expect(onSave).toHaveBeenCalledWith({
      name: 'Consultation',
      description: null,
      duration: 45,
      price: 107050,
      isActive: true,
    });
    expect(toasts()).toEqual([]);
  });

  it('refuses missing fields with the toast, the banner and Required under the name', () => {
    const { dialog, type, submit, onSave } = open(null);
    type('Price (AUD)', 'abc');
    submit();
    expect(onSave).not.toHaveBeenCalled();
    expect(toasts()).toEqual([`Validation Error: ${REQUIRED}`]);
    expect(within(dialog).getByRole('alert').textContent).toBe(REQUIRED);
    expect(within(dialog).getByText('Required')).toBeTruthy();
    type('Service Name', 'Cut');
    expect(within(dialog).queryByText('Required')).toBeNull();
  });

  it('edits a service from its saved values', () => {
    const { field, submit, onSave } = open({
      id: 3,
      businessId: 7,
      name: 'Cut',
      description: 'Wash and cut',
      price: 4500,
      duration: 30,
      isActive: false,
    });
    expect(field('Service Name').value).toBe('Cut');
    expect(field('Price (AUD)').value).toBe('45.00');
    submit();
    expect(onSave).toHaveBeenCalledWith({
      name: 'Cut',
      description: 'Wash and cut',
      duration: 30,
      price: 4500,
      isActive: false,
    });
  });
});
