// @vitest-environment happy-dom
import { fireEvent, render, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Service, type StaffMember } from '@slotwise/contracts';
import { openDialog, toasts } from '../../../testing/screen';
import { StaffDialog } from './StaffDialog';

const services: Service[] = [
  {
    id: 3,
    businessId: 7,
    name: 'Cut',
    description: null,
    price: 4500,
    duration: 30,
    isActive: true,
  },
  {
    id: 4,
    businessId: 7,
    name: 'Colour',
    description: null,
    price: 9000,
    duration: 90,
    isActive: false,
  },
];

function open(member: StaffMember | null) {
  const onSave = vi.fn();
  render(
    <StaffDialog
      open
      onOpenChange={() => undefined}
      member={member}
      services={services}
      saving={false}
      onSave={onSave}
    />,
  );
  const { dialog, field, type, button } = openDialog();
  const submit = () => fireEvent.click(button(member ? 'Save Changes' : 'Add Staff'));
  return { dialog, onSave, field, type, submit };
}

describe('the staff dialog', () => {
  it('requires first and last name, with the toast and Required under each', () => {
    const { dialog, type, submit, onSave } = open(null);
    type('First Name', '  ');
    submit();
    expect(onSave).not.toHaveBeenCalled();
    expect(toasts()).toEqual(['Missing information: First name and last name are required.']);
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    type('First Name', 'Jane');
    expect(within(dialog).getAllByText('Required')).toHaveLength(1);
  });

  it('sends trimmed names, blanks as null and the services offered', () => {
    const { type, submit, onSave, field } = open(null);
    type('First Name', ' Jane ');
    type('Last Name', 'van der Berg');
    type('Title', 'Senior Consultant');
    type('Email', '   ');
    fireEvent.click(field('Colour (inactive)'));
    fireEvent.click(field('Cut'));
    submit();
    expect(onSave).toHaveBeenCalledWith({
      firstName: 'Jane',
      lastName: 'van der Berg',
      title: 'Senior Consultant',
      email: null,
      phone: null,
      bio: null,
      profileImage: null,
      serviceIds: [4, 3],
    });
  });

  it('edits a member with the name split at the first space', () => {
    const { field, submit, onSave } = open({
      id: 9,
      businessId: 7,
      name: 'Jane van der Berg',
      firstName: 'Jane',
      lastName: 'van der Berg',
      position: 'Therapist',
      email: 'jane@example.com',
      phone: null,
      bio: null,
      avatar: null,
      isActive: true,
      serviceIds: [3],
    });
    expect(field('First Name').value).toBe('Jane');
    expect(field('Last Name').value).toBe('van der Berg');
    expect(field('Cut').checked).toBe(true);
    fireEvent.click(field('Cut'));
    submit();
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ firstName: 'Jane', email: 'jane@example.com', serviceIds: [] }),
    );
  });
});
