import { toast } from '@slotwise/ui';

/** The public booking page's address on this site: `{origin}/book/{slug}`. */
export function bookingLink(slug: string, origin: string = window.location.origin): string {
  return `${origin}/book/${slug}`;
}

/** Copies the link, and says whether it worked. */
export async function copyBookingLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: 'Link copied', variant: 'success' });
  } catch {
    // No clipboard (an insecure origin, a refused permission): the link is on screen to copy.
    toast({
      title: 'Could not copy the link',
      description: 'Select the link and copy it instead.',
      variant: 'destructive',
    });
  }
}
