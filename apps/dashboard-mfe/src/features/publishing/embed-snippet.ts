// The snippets Settings → Publishing offers for the booking widget (docs/integrations.md,
// 'Booking widget'). The loader is /embed.js on this site; the stub queues calls made before it
// arrives, so the snippet works wherever the page puts it.

export type EmbedMode = 'inline' | 'popup' | 'floating';

export const EMBED_MODES: { value: EmbedMode; label: string; description: string }[] = [
  {
    value: 'inline',
    label: 'Inline',
    description: 'The booking flow sits in your page, where you paste the snippet.',
  },
  {
    value: 'popup',
    label: 'Popup',
    description: 'Your own button opens the booking flow over the page.',
  },
  {
    value: 'floating',
    label: 'Floating button',
    description:
      "A 'Book now' button stays in the corner of every page and opens the booking flow.",
  },
];

const STUB =
  'window.Slotwise = window.Slotwise || function () { (Slotwise.q = Slotwise.q || []).push(arguments); };';

/** The HTML to paste into the business's website for one mode. */
export function embedSnippet(
  mode: EmbedMode,
  slug: string,
  origin: string = window.location.origin,
): string {
  const business = JSON.stringify(slug).replace(/"/g, "'");
  const call = {
    inline: `Slotwise('inline', { business: ${business}, target: '#slotwise-booking' });`,
    popup: `Slotwise('popup', { business: ${business}, trigger: '#slotwise-book' });`,
    floating: `Slotwise('floating', { business: ${business}, label: 'Book now' });`,
  }[mode];
  const element = {
    inline: '<div id="slotwise-booking"></div>\n',
    popup: '<button type="button" id="slotwise-book">Book now</button>\n',
    floating: '',
  }[mode];
  return (
    `${element}<script>\n  ${STUB}\n  ${call}\n</script>\n` +
    `<script async src="${origin}/embed.js"></script>`
  );
}

/** The widget's own page, as the preview shows it (messages come back to this origin). */
export function embedPreviewUrl(slug: string, origin: string = window.location.origin): string {
  const query = new URLSearchParams({ origin, frame: 'preview' });
  return `${origin}/embed/${encodeURIComponent(slug)}?${query.toString()}`;
}
