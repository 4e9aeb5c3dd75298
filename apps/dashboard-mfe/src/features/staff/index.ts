// The staff feature's public face: other features and the app import only what is here.
export { useOwnerStaff } from './api';
export { StaffManagementCard } from './components/StaffManagementCard';
export { type AffectedGuard } from './components/TimeOffSection';
