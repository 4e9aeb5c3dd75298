import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { type RemoteAppProps } from '@slotwise/contracts';
import { RemoteRoot, Skeleton, remotePages } from '@slotwise/ui';
import { BUILD_ID, REMOTE_NAME } from './build-info';
import ROUTES from './routes.json';
import './marketing.css';

// One lazy chunk per page, named page-<its routes.json key> so the manifest can list each page's
// files (apps/rspack.base.mjs) for the gateway to preload: a visitor to /pricing never downloads
// the privacy policy.
const HomePage = lazy(() => import(/* webpackChunkName: "page-home" */ './pages/HomePage'));
const HowItWorksPage = lazy(
  () => import(/* webpackChunkName: "page-howItWorks" */ './pages/HowItWorksPage'),
);
const AboutPage = lazy(() => import(/* webpackChunkName: "page-about" */ './pages/AboutPage'));
const FeaturesPage = lazy(
  () => import(/* webpackChunkName: "page-features" */ './pages/FeaturesPage'),
);
const PricingPage = lazy(
  () => import(/* webpackChunkName: "page-pricing" */ './pages/PricingPage'),
);
const SupportPage = lazy(
  () => import(/* webpackChunkName: "page-support" */ './pages/SupportPage'),
);
const PrivacyPage = lazy(
  () => import(/* webpackChunkName: "page-privacy" */ './pages/PrivacyPage'),
);
const TermsPage = lazy(() => import(/* webpackChunkName: "page-terms" */ './pages/TermsPage'));

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
