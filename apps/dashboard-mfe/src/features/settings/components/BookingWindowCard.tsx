import { useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  type AuRegion,
  type AuTimeZone,
  type Business,
  type FieldErrors,
  REGION_TIME_ZONES,
  TIME_ZONE_NAMES,
} from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import {
  type Choice,
  fieldIssues,
  REGION_CHOICES,
  SaveRow,
  SectionCard,
  SelectField,
  TIME_ZONE_CHOICES,
  useUpdateBusiness,
  zoneLabel,
} from '../../owner';
import { AffectedBookingsDialog, useAffectedBookings } from '../../hours';
import {
  ADVANCE_CHOICES,
  CUTOFF_CHOICES,
  NOTICE_CHOICES,
  cutoffText,
  daysText,
  minutesText,
  withSaved,
} from '../booking-window';

type WindowField =
  'minNoticeMinutes' | 'maxAdvanceDays' | 'cancelCutoffMinutes' | 'region' | 'timeZone';

interface WindowValues {
  minNoticeMinutes: string;
  maxAdvanceDays: string;
  cancelCutoffMinutes: string;
  region: string;
  timeZone: string;
}

const valuesOf = (business: Business): WindowValues => ({
  minNoticeMinutes: String(business.minNoticeMinutes),
  maxAdvanceDays: String(business.maxAdvanceDays),
  cancelCutoffMinutes: String(business.cancelCutoffMinutes),
  region: business.region,
  timeZone: business.timeZone,
});

/**
 * Settings → General: when customers may book, cancel and move, the state for holidays, and the
 * business's time zone (a new state suggests its zone; a new zone first lists the upcoming
 * bookings, whose local times change while their instants stay).
 */
export function BookingWindowCard({ business }: { business: Business }) {
  const [values, setValues] = useState(() => valuesOf(business));
  const [errors, setErrors] = useState<FieldErrors<WindowField>>({});
  const update = useUpdateBusiness(business.id);
  const affected = useAffectedBookings(business.id, business.timeZone);
  const set = (field: WindowField) => (value: string) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // A zone still the old state's own follows the state (Perth for WA); a chosen one stays.
      if (field === 'region' && v.timeZone === REGION_TIME_ZONES[v.region as AuRegion]) {
        next.timeZone = REGION_TIME_ZONES[value as AuRegion];
      }
      return next;
    });
    setErrors((e) => ({
      ...e,
      [field]: undefined,
      ...(field === 'region' && { timeZone: undefined }),
    }));
  };
  const zoneChanged = values.timeZone !== business.timeZone;

  const save = () =>
    update.mutate(
      {
        minNoticeMinutes: Number(values.minNoticeMinutes),
        maxAdvanceDays: Number(values.maxAdvanceDays),
        cancelCutoffMinutes: Number(values.cancelCutoffMinutes),
        region: values.region as AuRegion,
        ...(zoneChanged && { timeZone: values.timeZone as AuTimeZone }),
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
              'timeZone',
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
  const onSave = () =>
    zoneChanged
      ? affected.guard(
          { kind: 'time-zone', timeZone: values.timeZone as AuTimeZone },
          save,
          'Change Time Zone',
        )
      : save();
  const newZoneName = TIME_ZONE_NAMES[values.timeZone as AuTimeZone] ?? values.timeZone;

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
      description="When customers can book online, until when their links cancel or move a booking, and your time zone. You can still add any appointment yourself."
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
        {select(
          'timeZone',
          'time-zone',
          'Time zone',
          `Times are in your business's time zone (${zoneLabel(business.timeZone)}): your diary, booking page and messages.`,
          TIME_ZONE_CHOICES,
        )}
      </div>
      <SaveRow
        label="Save Booking Window"
        busy={update.isPending || affected.checking}
        onClick={onSave}
      />
      <AffectedBookingsDialog
        {...affected.dialog}
        // Listed as they will read: same moments, the new zone's local times.
        timeZone={values.timeZone}
        title={
          affected.dialog.bookings.length === 1
            ? '1 upcoming booking will show a new local time'
            : `${affected.dialog.bookings.length} upcoming bookings will show new local times`
        }
        description={`They stay booked at the same moment: nothing is cancelled or moved, but their local times change to ${newZoneName} time, as listed. Let these clients know if they were told another time.`}
      />
    </SectionCard>
  );
}
