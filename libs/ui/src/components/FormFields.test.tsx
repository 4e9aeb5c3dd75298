// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InputField, TextareaField } from './FormFields';

afterEach(cleanup);

describe('InputField and TextareaField', () => {
  it('label the control and link its hint and error to it', () => {
    render(
      <>
        <InputField
          label="Email"
          type="email"
          hint="We reply here"
          error="Please enter a valid email address"
          defaultValue="x"
        />
        <TextareaField label="Bio" rows={3} />
      </>,
    );
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = (email.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['We reply here', 'Please enter a valid email address']);
    const bio = screen.getByLabelText('Bio') as HTMLTextAreaElement;
    expect(bio.tagName).toBe('TEXTAREA');
    expect(bio.getAttribute('aria-invalid')).toBeNull();
  });
});
