// The booking widget's page (/embed/{slug}) reads its options from its address, which the loader
// (services/gateway/embed/embed.js) builds, and talks to the host page only by postMessage.
import { type BookingFormValues } from './wizard-store';

/** Every message the widget sends carries this source, so the loader ignores anything else. */
export const EMBED_MESSAGE_SOURCE = 'slotwise';

/** `close`: Escape pressed inside the frame (a popup closes; the host page cannot see the key). */
export type EmbedMessageType = 'ready' | 'resize' | 'close' | 'booking.created' | 'booking.failed';

export interface EmbedOptions {
  serviceId: number | null;
  staffId: number | null;
  prefill: Partial<Pick<BookingFormValues, 'name' | 'email' | 'phone'>>;
  /** A CSS colour for buttons and highlights ('#0f766e'), or null for Slotwise's own. */
  accent: string | null;
  /** The host page's origin: messages go there and nowhere else. Null: no messages at all. */
  hostOrigin: string | null;
  /** Which of the host page's widgets this is (the loader numbers them). */
  frameId: string;
}

const positiveInt = (value: string | null) =>
  value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/** Only hex colours: anything else could smuggle CSS into the custom property. */
const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

const PREFILL_MAX = 200;

export function embedOptions(search: URLSearchParams): EmbedOptions {
  const prefill: EmbedOptions['prefill'] = {};
  for (const field of ['name', 'email', 'phone'] as const) {
    const value = search.get(field)?.trim().slice(0, PREFILL_MAX);
    if (value) prefill[field] = value;
  }
  const accent = search.get('accent');
  return {
    serviceId: positiveInt(search.get('service')),
    staffId: positiveInt(search.get('staff')),
    prefill,
    accent: accent && HEX_COLOUR.test(accent) ? `#${accent.replace(/^#/, '')}` : null,
    hostOrigin: originOf(search.get('origin')),
    frameId: (search.get('frame') ?? '').replace(/[^\w-]/g, '').slice(0, 40),
  };
}

/**
 * The host page's origin when the frame really sits in a page of that origin: the claimed origin
 * must match what the browser says of the parent (ancestorOrigins, else the referrer), so a page
 * cannot frame the widget while naming another origin to receive its messages.
 */
export function verifiedHostOrigin(
  claimed: string | null,
  browser: { ancestorOrigin?: string | null; referrer?: string | null },
): string | null {
  if (!claimed) return null;
  const parent = browser.ancestorOrigin ?? originOf(browser.referrer ?? null);
  // Neither known (referrer stripped by policy): postMessage's targetOrigin still makes the
  // browser drop the message unless the parent is of the claimed origin.
  return parent === null || parent === claimed ? claimed : null;
}

/** The message the widget posts to the host page. */
export function embedMessage(frameId: string, type: EmbedMessageType, data?: unknown) {
  return { source: EMBED_MESSAGE_SOURCE, frame: frameId, type, ...(data ? { data } : {}) };
}
