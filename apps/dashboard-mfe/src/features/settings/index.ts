// The settings feature's public face: other features and the app import only what is here.
export { default as SettingsPage } from './components/SettingsPage';
