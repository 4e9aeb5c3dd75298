// The business profile module exports nothing but its module: its routes are its whole purpose.
export { BusinessProfileModule } from './business-profile.module.js';
