import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { type RemoteAppProps } from '@slotwise/contracts';
import { RemoteRoot, Skeleton } from '@slotwise/ui';
import { BUILD_ID, REMOTE_NAME } from './build-info';
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

export default function App({ session, apiBaseUrl }: RemoteAppProps) {
  return (
    <RemoteRoot name={REMOTE_NAME} buildId={BUILD_ID}>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          <Route index element={<HomePage />} />
          <Route path="how-it-works" element={<HowItWorksPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="features" element={<FeaturesPage />} />
          <Route path="pricing" element={<PricingPage session={session} />} />
          <Route path="support" element={<SupportPage apiBaseUrl={apiBaseUrl} />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="terms" element={<TermsPage />} />
        </Routes>
      </Suspense>
    </RemoteRoot>
  );
}
