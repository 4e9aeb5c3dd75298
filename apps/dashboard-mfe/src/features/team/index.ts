// The team feature's public face: other features and the app import only what is here.
export { useMemberships, useMyMembership, useRole } from './api';
export { BusinessSwitcher } from './components/BusinessSwitcher';
export { MyDay } from './components/MyDay';
export { TeamTab } from './components/TeamTab';
