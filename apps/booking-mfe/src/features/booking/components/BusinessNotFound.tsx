import { Link } from 'react-router';
import { StatusPage, buttonClassName } from '@slotwise/ui';

export function BusinessNotFound({ slug }: { slug: string }) {
  return (
    <StatusPage
      eyebrow="Booking"
      title="Business Not Found"
      actions={
        <>
          <Link to="/" className={buttonClassName()}>
            Return to Home
          </Link>
          <Link to="/partners" className={buttonClassName({ variant: 'secondary' })}>
            Browse businesses
          </Link>
        </>
      }
    >
      <p>
        We couldn&rsquo;t find a business named &ldquo;{slug}&rdquo;. The name in the link must
        match the business&rsquo;s registered booking name, so please check it for typos. You can
        also search for the business from the home page.
      </p>
    </StatusPage>
  );
}
