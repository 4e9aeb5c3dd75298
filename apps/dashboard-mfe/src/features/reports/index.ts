// The reports feature's public face: the app imports only what is here.
export { default as ReportsPage } from './components/ReportsPage';
