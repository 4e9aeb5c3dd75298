// The staff-departure module exports nothing but its module: its routes are its whole purpose.
export { StaffDepartureModule } from './staff-departure.module.js';
