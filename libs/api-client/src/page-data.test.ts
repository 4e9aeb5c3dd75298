// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, apiRoutes } from '@slotwise/contracts';
import { createApiClient } from './client';

const services = [
  {
    id: 3,
    businessId: 7,
    name: 'Cut',
    description: null,
    price: 4500,
    duration: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    isActive: true,
  },
];

// The page as the gateway serves it: the first screen's answers embedded in its HTML.
document.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${JSON.stringify(
  { '/api/business/slug/harbour/services': services },
)}</script>`;

function recordingClient(baseUrl = '') {
  const seen: string[] = [];
  const client = createApiClient({
    baseUrl,
    adapter: async (config) => {
      seen.push(config.url ?? '');
      return { data: '[]', status: 200, statusText: 'OK', headers: {}, config };
    },
  });
  return { client, seen };
}

describe('data embedded in the page', () => {
  it('is not used for other paths, or by a client of an API on another origin', async () => {
    const { client, seen } = recordingClient();
    await client.request(apiRoutes.services.listBySlug, { params: { slug: 'other' } });
    expect(seen).toEqual(['/api/business/slug/other/services']);
    const remote = recordingClient('https://api.example.com');
    await remote.client.request(apiRoutes.services.listBySlug, { params: { slug: 'harbour' } });
    expect(remote.seen).toEqual(['/api/business/slug/harbour/services']);
  });
  it('answers the first GET of that path without the network, and later ones from the API', async () => {
    const { client, seen } = recordingClient();
    const list = () =>
      client.request(apiRoutes.services.listBySlug, { params: { slug: 'harbour' } });
    await expect(list()).resolves.toEqual(services);
    expect(seen).toEqual([]);
    await expect(list()).resolves.toEqual([]);
    expect(seen).toEqual(['/api/business/slug/harbour/services']);
  });
});
