import { type Business, type Service, type StaffMember, formatPrice } from '@slotwise/contracts';
import { ArrowLeftIcon, Button, Skeleton } from '@slotwise/ui';
import { DateTimePicker } from '../../scheduling';
import { useWizard } from '../WizardProvider';
import { StaffPicker } from './StaffPicker';
import { StepHeading } from './StepHeading';

interface DateTimeStepProps {
  /** Focus the heading on mount (true after the customer has moved between steps). */
  focusHeading: boolean;
  slug: string;
  business: Business;
  service: Service;
  staff: StaffMember[] | undefined;
  staffLoading: boolean;
  /** The staff list has answered (or failed): only then is it known whose times to ask for. */
  staffSettled: boolean;
  /** The staff member the times are for: the customer's choice or the only one offering it. */
  staffId: number | null;
}

export default function DateTimeStep({
  focusHeading,
  slug,
  business,
  service,
  staff,
  staffLoading,
  staffSettled,
  staffId,
}: DateTimeStepProps) {
  const wizard = useWizard((w) => w);

  return (
    <section className="bk-step" aria-labelledby="bk-step-title">
      <div className="bk-step__header">
        <StepHeading id="bk-step-title" className="bk-step__title" focus={focusHeading}>
          Choose Date &amp; Time
        </StepHeading>
        <p className="bk-step__subtitle">
          {service.name} &middot; {service.duration} min &middot; {formatPrice(service.price)}
        </p>
      </div>

      {staffLoading ? (
        <Skeleton height={56} radius={10} />
      ) : (
        staff &&
        staff.length > 1 && (
          <StaffPicker staff={staff} value={wizard.staffChoice} onChange={wizard.selectStaff} />
        )
      )}

      <DateTimePicker
        dateHeading="Select Date"
        business={business}
        availability={{ slug, serviceId: service.id, staffId, enabled: staffSettled }}
        // Only a person the customer picked is named: they may pick someone else.
        staff={
          wizard.staffChoice !== null
            ? { kind: 'chosen', name: staff?.find((m) => m.id === wizard.staffChoice)?.firstName }
            : null
        }
        date={wizard.date}
        selected={wizard.slot}
        onDateChange={wizard.selectDate}
        onTimeChange={wizard.selectSlot}
      />

      <div className="bk-step__actions">
        <Button variant="secondary" onClick={wizard.backToServices}>
          <ArrowLeftIcon width={16} height={16} />
          Back
        </Button>
      </div>
    </section>
  );
}
