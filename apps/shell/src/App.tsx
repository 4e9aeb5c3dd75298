import { Route, Routes, useLocation } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { RemoteArea } from './federation/RemoteArea';
import { AuthPage } from './pages/AuthPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { areaForPath } from './routing/areas';

/** Picks the app that owns the current path; remotes render their own <Routes> below. */
function AreaSwitch() {
  const area = areaForPath(useLocation().pathname);
  if (area === 'auth') return <AuthPage />;
  if (area === 'not-found') return <NotFoundPage />;
  return <RemoteArea key={area} name={area} />;
}

export function App() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {/* A splat at the root gives remotes the full pathname to match. */}
        <Route path="*" element={<AreaSwitch />} />
      </Route>
    </Routes>
  );
}
