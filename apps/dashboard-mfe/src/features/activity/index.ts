// The activity feature's public face: other features and the app import only what is here.
export { ActivityTab } from './components/ActivityTab';
