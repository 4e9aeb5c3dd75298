import { z } from 'zod';

/** Limits of the Support page's contact form, shared by form and API. */
export const SUPPORT_LIMITS = {
  firstName: 60,
  lastName: 60,
  email: 254,
  subject: 150,
  message: 5000,
} as const;

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Names and the subject end up in an email's headers, so they stay on one line. */
function oneLine(label: string, max: number) {
  return requiredText(label, max).regex(/^[^\r\n]*$/, `${label} must be on one line`);
}

export const SupportMessageRequestSchema = z.object({
  firstName: oneLine('First name', SUPPORT_LIMITS.firstName),
  lastName: oneLine('Last name', SUPPORT_LIMITS.lastName),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .pipe(
      z
        .email('Please enter a valid email address')
        .max(SUPPORT_LIMITS.email, 'Email address is too long'),
    ),
  subject: oneLine('Subject', SUPPORT_LIMITS.subject),
  message: requiredText('Message', SUPPORT_LIMITS.message),
});
export type SupportMessageRequest = z.input<typeof SupportMessageRequestSchema>;

/** The Support page's contact form results, word for word. */
export const SupportMessages = {
  received: "Thank you for your message! We'll get back to you soon.",
  failed: 'There was an error sending your message. Please try again.',
} as const;
