import { toast } from '@slotwise/ui';

/** The public booking page's address on this site: `{origin}/book/{slug}`. */
export function bookingLink(slug: string, origin: string = window.location.origin): string {
  return `${origin}/book/${slug}`;
}

/** Copies the text (a link, the widget's snippet), and says whether it worked. */
export async function copyText(text: string, copied: string, what = 'text'): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: copied, variant: 'success' });
  } catch {
    // No clipboard (an insecure origin, a refused permission): the text is on screen to copy.
    toast({
      title: `Could not copy the ${what}`,
      description: `Select the ${what} and copy it instead.`,
      variant: 'destructive',
    });
  }
}

/** Copies the link, and says whether it worked. */
export const copyBookingLink = (link: string) => copyText(link, 'Link copied', 'link');
