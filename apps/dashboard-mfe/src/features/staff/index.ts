// The staff feature's public face: other features and the app import only what is here.
export { useOwnerStaff } from './api';
export { StaffManagementCard } from './components/StaffManagementCard';
export { type AffectedGuard, TimeOffDialog } from './components/TimeOffSection';
export { StaffHoursSection } from './components/StaffHoursSection';
export { useStaffHours } from './api';
export { type StaffHoursDraft, staffDraft, staffHoursInvalid, toStaffRequest } from './staff-hours';
export { timeOffLabel } from './time-off';
