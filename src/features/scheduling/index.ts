export { SlotPicker, type PickedSlot, type SlotPickerProps } from './components/slot-picker';
export { AppointmentsList } from './appointments/appointments-list';
export { AppointmentDetail } from './appointments/appointment-detail';
export { MySchedule, type ScheduleNavigation } from './provider/my-schedule';
export { ScheduleStep } from './schedule-step';
export { NextAppointmentPanel } from './home/next-appointment-panel';
export { scheduleSummary } from './schedule-summary';
