import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { type RemoteAppProps } from '@slotwise/contracts';
import { RemoteRoot, Skeleton } from '@slotwise/ui';
import { BUILD_ID, REMOTE_NAME } from './build-info';
import './marketing.css';

const HomePage = lazy(() => import('./pages/HomePage'));
const InfoPage = lazy(() => import('./pages/InfoPage'));

/** Titles of the pages later issues fill in; each renders its title and a short intro now. */
const INFO_PAGES = [
  {
    path: 'how-it-works',
    title: 'How It Works',
    intro: 'Pick a business, choose a service, a date and a time, and you are booked.',
  },
  { path: 'about', title: 'About Slotwise', intro: 'Booking software made for small businesses.' },
  {
    path: 'features',
    title: 'Features',
    intro: 'Online booking, reminders and a calendar that keeps your day in order.',
  },
  { path: 'pricing', title: 'Pricing', intro: 'Start free, upgrade when your team grows.' },
  { path: 'support', title: 'Support', intro: 'We are here to help with anything Slotwise.' },
  { path: 'privacy', title: 'Privacy Policy', intro: 'How we collect, use and protect your data.' },
  {
    path: 'terms',
    title: 'Terms of Service',
    intro: 'The terms that apply when you use Slotwise.',
  },
] as const;

function PageFallback() {
  return (
    <div className="sw-container sw-page" aria-busy="true">
      <Skeleton width="50%" height={36} />
    </div>
  );
}

export default function App(_props: RemoteAppProps) {
  return (
    <RemoteRoot name={REMOTE_NAME} buildId={BUILD_ID}>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          <Route index element={<HomePage />} />
          {INFO_PAGES.map((page) => (
            <Route
              key={page.path}
              path={page.path}
              element={<InfoPage title={page.title} intro={page.intro} />}
            />
          ))}
        </Routes>
      </Suspense>
    </RemoteRoot>
  );
}
