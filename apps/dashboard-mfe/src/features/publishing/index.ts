// The publishing feature's public face: other features and the app import only what is here.
// Its styles come with it (other features use its classes).
import './publishing.css';
export { BookingLinkCard, slugError } from './BookingLinkCard';
export { BookingLinkRow } from './BookingLinkRow';
export { bookingLink } from './booking-link';
export { EmbedCard } from './EmbedCard';
