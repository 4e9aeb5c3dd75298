import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { type RemoteAppProps } from '@slotwise/contracts';
import { RemoteRoot, Skeleton, remotePages } from '@slotwise/ui';
import { BUILD_ID, REMOTE_NAME } from './build-info';
import ROUTES from './routes.json';
import './marketing.css';

// One lazy chunk per page: a visitor to /pricing never downloads the privacy policy.
const HomePage = lazy(() => import('./pages/HomePage'));
const HowItWorksPage = lazy(() => import('./pages/HowItWorksPage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const FeaturesPage = lazy(() => import('./pages/FeaturesPage'));
const PricingPage = lazy(() => import('./pages/PricingPage'));
const SupportPage = lazy(() => import('./pages/SupportPage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));

function PageFallback() {
  return (
    <div className="sw-container sw-page" aria-busy="true">
      <Skeleton width="50%" height={36} />
    </div>
  );
}

export default function App({ session, apiBaseUrl, notify }: RemoteAppProps) {
  // routes.json is also published to the shell (mf-manifest.json), so both always agree.
  const pages = remotePages(ROUTES, {
    home: <HomePage />,
    howItWorks: <HowItWorksPage />,
    about: <AboutPage />,
    features: <FeaturesPage />,
    pricing: <PricingPage session={session} />,
    support: <SupportPage apiBaseUrl={apiBaseUrl} />,
    privacy: <PrivacyPage />,
    terms: <TermsPage />,
  });
  return (
    <RemoteRoot name={REMOTE_NAME} buildId={BUILD_ID} notify={notify}>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          {pages.map((page) => (
            <Route key={page.key} path={page.path} element={page.element} />
          ))}
        </Routes>
      </Suspense>
    </RemoteRoot>
  );
}
