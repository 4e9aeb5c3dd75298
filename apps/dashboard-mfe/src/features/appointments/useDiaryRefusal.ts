import { useState } from 'react';
import {
  type DiaryErrors,
  type DiaryRefusal,
  type NewAppointmentField,
  diaryErrors,
  diaryRefusal,
} from './diary';

/**
 * What a refused booking or move shows: every reason the API names. Only hours reasons (outside
 * the opening hours, not on shift) ask the owner, who may send the same request again, confirmed;
 * leave, a closed day, a service the person does not offer or another booking refuse. Any other
 * refusal is shown in its own words.
 */
export function useDiaryRefusal() {
  const [refusal, setRefusal] = useState<DiaryRefusal | null>(null);
  const [errors, setErrors] = useState<DiaryErrors<NewAppointmentField>>({});
  const refused = (error: unknown) => {
    const why = diaryRefusal(error);
    setRefusal(why);
    setErrors(why ? {} : diaryErrors(error));
  };
  return {
    /** The reasons are shown (the question, or the refusal) instead of the dialog's buttons. */
    refusal,
    askOutside: refusal !== null,
    setAskOutside: (ask: boolean) => {
      if (!ask) setRefusal(null);
    },
    errors,
    setErrors,
    refused,
  };
}
