// The calendar-feeds feature's public face: other features and the app import only what is here.
export { CalendarFeedsCard } from './components/CalendarFeedsCard';
