// The services feature's public face: other features and the app import only what is here.
export { useOwnerServices, useServiceMutation } from './api';
export { ServicesTab } from './components/ServicesTab';
