// The dashboard feature's public face: other features and the app import only what is here.
export { default as DashboardPage } from './DashboardPage';
