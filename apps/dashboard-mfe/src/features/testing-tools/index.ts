// The testing-tools feature's public face: other features and the app import only what is here.
export { default as EmailTestPage } from './EmailTestPage';
export { default as SmsTestPage } from './SmsTestPage';
