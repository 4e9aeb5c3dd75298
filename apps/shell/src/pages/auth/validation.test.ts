import { describe, expect, it } from 'vitest';
import { LoginRequestSchema, RegisterFormSchema, validate } from '@slotwise/contracts';

describe('auth form validation', () => {
  it("shows the spec's sign-in messages", () => {
    const result = validate(LoginRequestSchema, { email: 'nope', password: '123' });
    expect(result.errors).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it("puts 'Passwords don't match' on the confirm field", () => {
    const result = validate(RegisterFormSchema, {
      email: 'Owner@Example.com',
      password: 'secret123',
      confirmPassword: 'secret124',
    });
    expect(result.errors).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('passes a valid sign-in through, normalising the email', () => {
    const result = validate(LoginRequestSchema, {
      email: ' Owner@Example.com ',
      password: 'x'.repeat(6),
    });
    expect(result.data).toEqual({ email: 'owner@example.com', password: 'xxxxxx' });
  });
});
