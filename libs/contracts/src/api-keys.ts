import { z } from 'zod';

/** What an API key may do; a key carries one or more. */
export const API_KEY_SCOPES = ['bookings:read', 'bookings:write', 'clients:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so a leaked one is recognisable (and told apart from a JWT). */
export const API_KEY_PREFIX = 'swk_';

export const CreateApiKeyRequestSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Unknown scope' }), {
      error: 'scopes must be a list',
    })
    .min(1, 'Choose at least one scope')
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequestSchema>;
export type CreateApiKeyInput = z.output<typeof CreateApiKeyRequestSchema>;

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (the rest is never stored). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;
export const ApiKeyListSchema = z.array(ApiKeySchema);

/** The answer to creating a key: the only time `secret` is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
