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

  it('type an email, phone or web-address input by its kind, props given as well winning', () => {
    render(
      <>
        <InputField label="Website" kind="url" />
        <InputField label="Phone" kind="tel" placeholder="e.g. 0400 123 456" />
        <InputField label="Email" kind="email" />
      </>,
    );
    const website = screen.getByLabelText('Website') as HTMLInputElement;
    expect([website.type, website.inputMode, website.placeholder]).toEqual([
      'url',
      'url',
      'https://',
    ]);
    const phone = screen.getByLabelText('Phone') as HTMLInputElement;
    expect([phone.type, phone.inputMode, phone.placeholder]).toEqual([
      'tel',
      'tel',
      'e.g. 0400 123 456',
    ]);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect([email.type, email.inputMode, email.placeholder]).toEqual(['email', 'email', '']);
  });
});
