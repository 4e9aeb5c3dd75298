// The scheduling feature's public face: other features and the app import only what is here.
export { DateTimePicker } from './DateTimePicker';
