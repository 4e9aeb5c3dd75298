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
  it('starts from the defaults and sends the price in cents and the duration as typed', () => {
    const { field, type, submit, onSave } = open(null);
    expect(field('Duration (minutes)').value).toBe('60');
    expect(field('Price (AUD)').value).toBe('85.00');
    type('Service Name', '  Consultation ');
    type('Price (AUD)', '$1,070.5');
    fireEvent.blur(field('Price (AUD)'));
    expect(field('Price (AUD)').value).toBe('1070.50');
    type('Duration (minutes)', '45');
    // Anything but digits is ignored as it is typed.
    type('Duration (minutes)', '4x');
    expect(field('Duration (minutes)').value).toBe('45');
    submit();
    expect(onSave).toHaveBeenCalledWith({
      name: 'Consultation',
      description: null,
      duration: 45,
      price: 107050,
      isActive: true,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
    });
    expect(toasts()).toEqual([]);
  });

  it('never saves a different duration than typed: off-step ones get the message beside the field', () => {
    const { dialog, type, submit, onSave } = open(null);
    type('Service Name', 'Beard trim');
    // The browser's own stepper moves in the contract's 5-minute steps.
    expect(within(dialog).getByLabelText('Duration (minutes)').getAttribute('step')).toBe('5');
    for (const [typed, message] of [
      ['22', 'Duration must be in steps of 5 minutes'],
      ['0', 'Duration must be at least 5 minutes'],
      ['725', 'Duration must be 12 hours or less'],
    ]) {
      type('Duration (minutes)', typed!);
      submit();
      expect(onSave).not.toHaveBeenCalled();
      expect(within(dialog).getByText(message!)).toBeTruthy();
    }
    // Not a missing field: no "fill in all required fields" toast or banner.
    expect(toasts()).toEqual([]);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    type('Duration (minutes)', '20');
    submit();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ duration: 20 }));
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
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 0,
      isActive: false,
    });
    expect(field('Service Name').value).toBe('Cut');
    expect(field('Buffer before').value).toBe('10');
    expect(field('Price (AUD)').value).toBe('45.00');
    submit();
    expect(onSave).toHaveBeenCalledWith({
      name: 'Cut',
      description: 'Wash and cut',
      duration: 30,
      price: 4500,
      isActive: false,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 0,
    });
  });

  it('offers the buffer choices and sends them in minutes', () => {
    const { field, type, submit, onSave } = open(null);
    const options = [...(field('Buffer after') as unknown as HTMLSelectElement).options];
    expect(options.map((o) => o.textContent)).toEqual([
      'None',
      '5 minutes',
      '10 minutes',
      '15 minutes',
      '20 minutes',
      '30 minutes',
      '45 minutes',
      '60 minutes',
    ]);
    type('Service Name', 'Colour');
    type('Buffer before', '5');
    type('Buffer after', '15');
    submit();
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Colour', bufferBeforeMinutes: 5, bufferAfterMinutes: 15 }),
    );
  });
});
