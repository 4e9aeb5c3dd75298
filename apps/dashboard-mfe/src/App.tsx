import { Route, Routes } from 'react-router';
import { type RemoteAppProps } from '@slotwise/contracts';
import { RemoteRoot } from '@slotwise/ui';
import { BUILD_ID, REMOTE_NAME } from './build-info';
import { OwnerPage } from './pages/OwnerPage';

export default function App(_props: RemoteAppProps) {
  return (
    <RemoteRoot name={REMOTE_NAME} buildId={BUILD_ID}>
      <Routes>
        <Route path="dashboard" element={<OwnerPage title="Business Dashboard" />} />
        <Route path="settings" element={<OwnerPage title="Settings" />} />
        <Route path="subscribe" element={<OwnerPage title="Upgrade to Professional" />} />
      </Routes>
    </RemoteRoot>
  );
}
