// The setup feature's public face: other features and the app import only what is here.
export { SetupGate } from './SetupGate';
