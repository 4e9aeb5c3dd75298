// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { InputField } from '../components/FormFields';
import { useForm } from './useForm';

const Schema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters'),
  phone: z.string().trim().min(5, 'Phone must be at least 5 characters'),
});

afterEach(cleanup);

describe('useForm', () => {
  it('shows the schema’s first message per field and clears a field’s error when it is edited', () => {
    const { result } = renderHook(() => useForm(Schema, { name: 'J', phone: '' }));
    act(() => {
      expect(result.current.check()).toBeNull();
    });
    expect(result.current.errors).toEqual({
      name: 'Name must be at least 2 characters',
      phone: 'Phone must be at least 5 characters',
    });
    act(() => result.current.set('name', 'Jo'));
    expect(result.current.errors.name).toBeUndefined();
    expect(result.current.errors.phone).toBe('Phone must be at least 5 characters');
  });

  it('answers the parsed data when the values pass, and lets extra rules win for a field', () => {
    const { result } = renderHook(() => useForm(Schema, { name: ' Jo ', phone: '0400 123 456' }));
    let data: unknown;
    act(() => {
      data = result.current.check();
    });
    expect(data).toEqual({ name: 'Jo', phone: '0400 123 456' });
    act(() => {
      data = result.current.check(() => ({ name: 'That name is taken' }));
    });
    expect(data).toBeNull();
    expect(result.current.errors).toEqual({ name: 'That name is taken' });
  });

  it('keeps the schema’s message for a field an extra rule passes', () => {
    const { result } = renderHook(() => useForm(Schema, { name: 'J', phone: '0400 123 456' }));
    act(() => {
      expect(result.current.check(() => ({ name: undefined, phone: undefined }))).toBeNull();
    });
    expect(result.current.errors).toEqual({ name: 'Name must be at least 2 characters' });
  });

  it('binds inputs and submits only valid data', () => {
    const submit = vi.fn();
    function Form() {
      const form = useForm(Schema, { name: '', phone: '' });
      return (
        <form onSubmit={form.handleSubmit(submit)}>
          <input aria-label="Name" {...form.bind('name')} />
          <input aria-label="Phone" {...form.bind('phone')} />
          {form.errors.name && <p>{form.errors.name}</p>}
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    fireEvent.click(screen.getByText('Save'));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Jo Citizen' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '0400 123 456' } });
    fireEvent.click(screen.getByText('Save'));
    expect(submit).toHaveBeenCalledWith({ name: 'Jo Citizen', phone: '0400 123 456' });
  });

  it('gives a labelled field its binding and its error', () => {
    function Form() {
      const form = useForm(Schema, { name: 'J', phone: '0400 123 456' });
      return (
        <form onSubmit={form.handleSubmit(vi.fn())}>
          <InputField label="Name" {...form.field('name')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect([name.name, name.value, name.getAttribute('aria-invalid')]).toEqual(['name', 'J', null]);
    fireEvent.click(screen.getByText('Save'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Jo' } });
    expect(name.value).toBe('Jo');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('in controlled mode reports changes and reads the values it is given', () => {
    const onValueChange = vi.fn();
    const { result } = renderHook(() =>
      useForm(
        Schema,
        { name: '', phone: '' },
        { values: { name: 'Al', phone: '12345' }, onValueChange },
      ),
    );
    expect(result.current.values.name).toBe('Al');
    act(() => result.current.set('phone', '0400'));
    expect(onValueChange).toHaveBeenCalledWith('phone', '0400');
  });
});
