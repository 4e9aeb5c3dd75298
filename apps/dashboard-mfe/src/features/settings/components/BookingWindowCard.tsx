import { useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import { type AuRegion, type Business, type FieldErrors } from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import {
  type Choice,
  fieldIssues,
  REGION_CHOICES,
  SaveRow,
  SectionCard,
  SelectField,
  useUpdateBusiness,
} from '../../owner';
import {
  ADVANCE_CHOICES,
  CUTOFF_CHOICES,
  NOTICE_CHOICES,
  cutoffText,
  daysText,
  minutesText,
  withSaved,
} from '../booking-window';

type WindowField = 'minNoticeMinutes' | 'maxAdvanceDays' | 'cancelCutoffMinutes' | 'region';

interface WindowValues {
  minNoticeMinutes: string;
  maxAdvanceDays: string;
  cancelCutoffMinutes: string;
  region: string;
}

const valuesOf = (business: Business): WindowValues => ({
  minNoticeMinutes: String(business.minNoticeMinutes),
  maxAdvanceDays: String(business.maxAdvanceDays),
  cancelCutoffMinutes: String(business.cancelCutoffMinutes),
  region: business.region,
});

/** Settings → General: when customers may book, cancel and move, and the state for holidays. */
export function BookingWindowCard({ business }: { business: Business }) {
  const [values, setValues] = useState(() => valuesOf(business));
  const [errors, setErrors] = useState<FieldErrors<WindowField>>({});
  const update = useUpdateBusiness(business.id);
  const set = (field: WindowField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSave = () =>
    update.mutate(
      {
        minNoticeMinutes: Number(values.minNoticeMinutes),
        maxAdvanceDays: Number(values.maxAdvanceDays),
        cancelCutoffMinutes: Number(values.cancelCutoffMinutes),
        region: values.region as AuRegion,
      },
      {
        onSuccess: () =>
          toast({
            title: 'Booking Window Saved',
            description: 'Customers see the new booking window at once.',
            variant: 'success',
          }),
        onError: (error) => {
          setErrors(
            fieldIssues(error, [
              'minNoticeMinutes',
              'maxAdvanceDays',
              'cancelCutoffMinutes',
              'region',
            ]),
          );
          toast({
            title: 'Error',
            description:
              (isApiError(error) ? error.serverMessage : null) ??
              'Failed to save the booking window. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );

  const select = (
    field: WindowField,
    id: string,
    label: string,
    hint: string,
    choices: readonly Choice[],
  ) => (
    <SelectField
      id={`window-${id}`}
      label={label}
      hint={hint}
      value={values[field]}
      choices={choices}
      error={errors[field]}
      onChange={set(field)}
    />
  );

  return (
    <SectionCard
      id="booking-window-title"
      title="Booking Window"
      description="When customers can book online, and until when their links cancel or move a booking. You can still add any appointment yourself."
    >
      <div className="sw-form-row">
        {select(
          'minNoticeMinutes',
          'notice',
          'Minimum notice',
          'No online booking sooner than this.',
          withSaved(
            NOTICE_CHOICES,
            String(business.minNoticeMinutes),
            minutesText(business.minNoticeMinutes),
          ),
        )}
        {select(
          'maxAdvanceDays',
          'advance',
          'Book ahead up to',
          'How far ahead customers can book.',
          withSaved(
            ADVANCE_CHOICES,
            String(business.maxAdvanceDays),
            daysText(business.maxAdvanceDays),
          ),
        )}
        {select(
          'cancelCutoffMinutes',
          'cutoff',
          'Cancel or reschedule online until',
          "Before the start, with the links in the customer's SMS.",
          withSaved(
            CUTOFF_CHOICES,
            String(business.cancelCutoffMinutes),
            cutoffText(business.cancelCutoffMinutes),
          ),
        )}
        {select(
          'region',
          'region',
          'State for public holidays',
          'Settings → Closures suggests its public holidays.',
          REGION_CHOICES,
        )}
      </div>
      <SaveRow label="Save Booking Window" busy={update.isPending} onClick={onSave} />
    </SectionCard>
  );
}
