// The appointments feature's public face: other features and the app import only what is here.
export { appointmentKeys, useAppointmentCounts, useFreshAppointment } from './api';
export { AgendaLists } from './components/AgendaLists';
export { AppointmentDetailsDialog } from './components/AppointmentDetailsDialog';
export { AppointmentsCalendar, type CalendarFocus } from './components/AppointmentsCalendar';
export { AppointmentsTable } from './components/AppointmentsTable';
export {
  NewAppointmentDialog,
  type NewAppointmentPrefill,
} from './components/NewAppointmentDialog';
export { StatusBadge } from './components/StatusBadge';
export { nextQuarter } from './diary';
export { useDebouncedValue } from './useDebouncedValue';
export { LiveIndicator, useLiveDiary } from './useLiveDiary';
