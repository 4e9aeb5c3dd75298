// The staff-requests feature's public face: other features and the app import only what is here.
export { usePendingRequestCount } from './api';
export { MyHoursCard } from './components/MyHoursCard';
export { StaffRequestsCard } from './components/StaffRequestsCard';
