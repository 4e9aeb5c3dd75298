// The closures feature's public face: other features and the app import only what is here.
export { useClosures, useSpecialHours } from './api';
export { ClosuresTab } from './components/ClosuresTab';
