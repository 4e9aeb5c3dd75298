import { DayPicker } from 'react-day-picker';
import { enAU } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { dateToDay, dayToDate } from '@slotwise/contracts';

export interface DateCalendarProps {
  /** 'YYYY-MM-DD' in the business's zone. */
  selected: string | null;
  /** The business's today: earlier days are disabled. */
  min: string;
  max: string;
  onSelect: (day: string) => void;
}

/** Single-date calendar; react-day-picker gives the grid its arrow-key navigation and labels. */
export default function DateCalendar({ selected, min, max, onSelect }: DateCalendarProps) {
  const minDate = dayToDate(min);
  const maxDate = dayToDate(max);
  const selectedDate = selected ? dayToDate(selected) : undefined;
  return (
    <DayPicker
      mode="single"
      locale={enAU}
      className="bk-calendar"
      selected={selectedDate}
      defaultMonth={selectedDate ?? minDate}
      startMonth={minDate}
      endMonth={maxDate}
      disabled={[{ before: minDate }, { after: maxDate }]}
      onSelect={(date) => {
        if (date) onSelect(dateToDay(date));
      }}
    />
  );
}
