import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@slotwise/api-client';
import { type Business, ErrorCode, UpdateBusinessRequestSchema } from '@slotwise/contracts';
import { Badge, Button, InputField, Label, Switch, toast, useForm } from '@slotwise/ui';
import { ownerKeys, SectionCard, useOwner, useUpdateBusiness } from '../owner';
import { bookingLink } from './booking-link';
import { BookingLinkRow } from './BookingLinkRow';
import './publishing.css';

/** The server's message for the slug field: a taken link (409) or a refused shape (400). */
export function slugError(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === ErrorCode.SLUG_TAKEN) return error.serverMessage ?? null;
  return error.issues.find((i) => i.path === 'slug')?.message ?? null;
}

function PublishedStatus({ business }: { business: Business }) {
  if (business.publishingEnabled === false) {
    return (
      <p className="pub-status">
        <Badge variant="neutral">Hidden</Badge>
        <span>Customers opening your link see &lsquo;Business Not Found&rsquo;.</span>
      </p>
    );
  }
  if (business.published) {
    return (
      <p className="pub-status">
        <Badge variant="success">Listed</Badge>
        <span>Your business is in the public directory.</span>
      </p>
    );
  }
  return (
    <p className="pub-status">
      <Badge variant="warning">Not listed yet</Badge>
      <span>
        Your link works. The directory lists your business once it has its own name, an active
        service and opening hours.
      </span>
    </p>
  );
}

/**
 * Settings → General: the booking link to share (with Copy), changing it (the old link keeps
 * leading here), and the switch that hides the business from the public.
 */
export function BookingLinkCard({ business }: { business: Business }) {
  const { session } = useOwner();
  const client = useQueryClient();
  const form = useForm(UpdateBusinessRequestSchema, () => ({ slug: business.slug }));
  const saveSlug = useUpdateBusiness(business.id);
  const publish = useUpdateBusiness(business.id);
  const link = bookingLink(business.slug);
  const enabled = business.publishingEnabled !== false;

  // Services and hours change on other tabs: ask again whether the business is listed.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: ownerKeys.business(session.user.id) });
  }, [client, session.user.id]);

  const onSubmit = form.handleSubmit(({ slug }) => {
    if (slug === undefined || slug === business.slug) return;
    saveSlug.mutate(
      { slug },
      {
        onSuccess: (saved) => {
          form.reset({ slug: saved.slug });
          toast({
            title: 'Booking link changed',
            description: 'Your old link still leads to your booking page.',
            variant: 'success',
          });
        },
        onError: (error) => {
          const message = slugError(error);
          if (message) form.setErrors({ slug: message });
          else {
            toast({
              title: 'Error',
              description:
                (isApiError(error) ? error.serverMessage : null) ??
                'Failed to change the booking link. Please try again.',
              variant: 'destructive',
            });
          }
        },
      },
    );
  });

  const onToggle = (on: boolean) =>
    publish.mutate(
      { publishingEnabled: on },
      {
        onSuccess: () =>
          toast({
            title: on ? 'Booking page on' : 'Booking page hidden',
            description: on
              ? 'Customers can open your booking link again.'
              : 'Customers no longer see your business. You still can, signed in.',
            variant: 'success',
          }),
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to change publishing. Please try again.',
            variant: 'destructive',
          }),
      },
    );

  return (
    <SectionCard
      id="booking-link-title"
      title="Booking Link"
      description="Customers book at this address. Share it on your website, social media and in messages."
    >
      <BookingLinkRow link={link} testId="booking-link" />
      <PublishedStatus business={business} />
      <form className="sw-stack" noValidate onSubmit={onSubmit} aria-label="Change booking link">
        <InputField
          label="Booking link"
          hint={`${bookingLink('')}… 3 to 60 lowercase letters, digits and hyphens. Your old link keeps working.`}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...form.field('slug')}
        />
        <div className="dash-actions sw-row sw-row--end">
          <Button
            type="submit"
            variant="secondary"
            loading={saveSlug.isPending}
            disabled={form.values.slug.trim().toLowerCase() === business.slug}
          >
            {saveSlug.isPending ? 'Saving…' : 'Save Booking Link'}
          </Button>
        </div>
      </form>
      <div className="dash-switch-row">
        <Switch
          id="publishing-enabled"
          checked={enabled}
          disabled={publish.isPending}
          onCheckedChange={onToggle}
          aria-describedby="publishing-enabled-hint"
        />
        <div>
          <Label htmlFor="publishing-enabled">Booking page on</Label>
          <p id="publishing-enabled-hint" className="sw-field__hint">
            Off hides your business from the directory, and your booking link shows &lsquo;Business
            Not Found&rsquo; to customers.
          </p>
        </div>
      </div>
    </SectionCard>
  );
}
