// The clients feature's public face: other features and the app import only what is here.
export { ClientsTab } from './components/ClientsTab';
