import { use } from 'react';
import { type ApiClient, createApiClient } from '@slotwise/api-client';
import { apiBaseUrlReady } from '../federation/remotes-store';

let client: Promise<ApiClient> | null = null;

/**
 * The shell's HTTP client, on the API base URL from remotes.json. This module (and axios with it)
 * is only ever imported lazily, so a visitor whose page never calls the API never downloads it.
 * The shell's own calls carry no session token: they are the session's own (sign-in, refresh,
 * sign-out, which sends its token itself) and public pages.
 */
export function shellApi(): Promise<ApiClient> {
  client ??= apiBaseUrlReady().then((baseUrl) => createApiClient({ baseUrl }));
  return client;
}

/** The shell's client in a page (suspends until remotes.json has answered). */
export function useShellApi(): ApiClient {
  return use(shellApi());
}
