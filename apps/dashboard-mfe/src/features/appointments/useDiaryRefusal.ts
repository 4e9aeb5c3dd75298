import { useState } from 'react';
import { type DiaryErrors, type NewAppointmentField, diaryErrors, isOutsideHours } from './diary';

/**
 * What a refused booking or move shows: the API's OUTSIDE_HOURS answer asks the owner (who may
 * send the same request again, confirmed); any other refusal is shown in its own words.
 */
export function useDiaryRefusal() {
  const [askOutside, setAskOutside] = useState(false);
  const [errors, setErrors] = useState<DiaryErrors<NewAppointmentField>>({});
  const refused = (error: unknown) => {
    if (isOutsideHours(error)) {
      setAskOutside(true);
      return;
    }
    setAskOutside(false);
    setErrors(diaryErrors(error));
  };
  return { askOutside, setAskOutside, errors, setErrors, refused };
}
