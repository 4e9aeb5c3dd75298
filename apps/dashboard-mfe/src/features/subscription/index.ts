// The subscription feature's public face: other features and the app import only what is here.
export { SubscriptionCard } from './components/SubscriptionCard';
export { PlanStatusBanner } from './components/PlanStatusBanner';
export { default as SubscribePage } from './components/SubscribePage';
