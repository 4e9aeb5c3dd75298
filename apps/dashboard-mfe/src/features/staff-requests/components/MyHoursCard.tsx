import '../staff-requests.css';
import { type FormEvent, useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  type Business,
  STAFF_REQUEST_STATUS_LABELS,
  type StaffChangeRequest,
} from '@slotwise/contracts';
import {
  Badge,
  Button,
  Card,
  CardBody,
  Dialog,
  EmptyState,
  InputField,
  QueryState,
  Skeleton,
  toast,
} from '@slotwise/ui';
import { SectionHead } from '../../owner';
import {
  StaffHoursSection,
  type StaffHoursDraft,
  TimeOffDialog,
  staffDraft,
  staffHoursInvalid,
  toStaffRequest,
  useStaffHours,
} from '../../staff';
import { useAskForChange, useStaffRequests, useWithdrawRequest } from '../api';
import { requestSummary, STATUS_BADGE } from '../request-text';

const failed = (fallback: string) => (error: Error) =>
  toast({
    title: 'Error',
    description: (isApiError(error) ? error.serverMessage : null) ?? fallback,
    variant: 'destructive',
  });

const SENT = {
  title: 'Request Sent',
  description: 'Your manager will approve or decline it.',
  variant: 'success',
} as const;

/** The person's own week to propose, edited with the staff dialog's day editor. */
function HoursRequestDialog({
  open,
  onOpenChange,
  businessId,
  staffId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  businessId: number;
  staffId: number;
}) {
  const saved = useStaffHours(staffId);
  const ask = useAskForChange(businessId);
  const [edited, setEdited] = useState<StaffHoursDraft | null>(null);
  const [note, setNote] = useState('');
  const draft = edited ?? (saved.data ? { ...staffDraft(saved.data), ownHours: true } : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || staffHoursInvalid(draft)) return;
    const days = toStaffRequest({ ...draft, ownHours: true });
    if (!days) return;
    ask.mutate(
      { kind: 'hours', days, note: note.trim() || null },
      {
        onSuccess: () => {
          toast(SENT);
          onOpenChange(false);
        },
        onError: failed('Failed to send the request. Please try again.'),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !ask.isPending && onOpenChange(next)}
      title="Request Hours Change"
      description="The weekly hours you would like to work. An owner or manager approves them."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={ask.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="hours-request-form" loading={ask.isPending}>
            Send Request
          </Button>
        </>
      }
    >
      <form id="hours-request-form" className="sw-stack" noValidate onSubmit={submit}>
        {draft ? (
          <StaffHoursSection
            staffName="you"
            draft={draft}
            businessHours={undefined}
            ownHoursOnly
            onChange={(next) => setEdited({ ...next, ownHours: true })}
          />
        ) : (
          <Skeleton height={88} radius={10} />
        )}
        <InputField
          label="Note (optional)"
          maxLength={120}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </form>
    </Dialog>
  );
}

function RequestRow({ request, business }: { request: StaffChangeRequest; business: Business }) {
  const withdraw = useWithdrawRequest(business.id);
  return (
    <li className="req-row" data-request={request.id} data-request-status={request.status}>
      <div className="req-row__main">
        <p className="req-row__what">{requestSummary(request, business.timeZone)}</p>
        {request.note && <p className="req-row__meta">Note: {request.note}</p>}
        {request.status !== 'pending' && request.decidedBy && (
          <p className="req-row__meta">
            {STAFF_REQUEST_STATUS_LABELS[request.status]} by {request.decidedBy}
            {request.declineReason ? `: ${request.declineReason}` : ''}
          </p>
        )}
      </div>
      <div className="req-row__actions">
        <Badge variant={STATUS_BADGE[request.status]}>
          {STAFF_REQUEST_STATUS_LABELS[request.status]}
        </Badge>
        {request.status === 'pending' && (
          <Button
            variant="ghost"
            size="sm"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(request.id, {
                onSuccess: () => toast({ title: 'Request withdrawn', variant: 'success' }),
                onError: failed('Failed to withdraw the request. Please try again.'),
              })
            }
          >
            Withdraw
          </Button>
        )}
      </div>
    </li>
  );
}

/** My day's 'My hours': ask for time off or other weekly hours, and see what became of each ask. */
export function MyHoursCard({ business, staffId }: { business: Business; staffId: number }) {
  const requests = useStaffRequests(business.id);
  const ask = useAskForChange(business.id);
  const [dialog, setDialog] = useState<'time-off' | 'hours' | null>(null);
  // A fresh form each time a dialog opens.
  const [dialogKey, setDialogKey] = useState(0);
  const open = (which: 'time-off' | 'hours') => {
    setDialogKey((k) => k + 1);
    setDialog(which);
  };
  const close = (next: boolean) => !next && setDialog(null);

  return (
    <Card as="section" className="req-my-hours" aria-label="My hours">
      <CardBody className="sw-stack">
        <SectionHead
          title="My hours"
          description="Ask for time off or a change to your weekly hours; an owner or manager approves."
        />
        <div className="req-buttons">
          <Button variant="secondary" size="sm" onClick={() => open('time-off')}>
            Request Time Off
          </Button>
          <Button variant="secondary" size="sm" onClick={() => open('hours')}>
            Request Hours Change
          </Button>
        </div>
        <QueryState
          query={requests}
          loading={<Skeleton height={44} radius={10} />}
          errorTitle="Could not load your requests"
        >
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="No requests" description="Nothing asked for yet." />
            ) : (
              <ul className="req-list" aria-label="My requests">
                {list.map((r) => (
                  <RequestRow key={r.id} request={r} business={business} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </CardBody>
      <TimeOffDialog
        key={`time-off-${dialogKey}`}
        open={dialog === 'time-off'}
        onOpenChange={close}
        staffName="you"
        timeZone={business.timeZone}
        busy={ask.isPending}
        title="Request Time Off"
        submitLabel="Send Request"
        description="When you would like to be away."
        reasonLabel="Note (optional)"
        onSave={(body, done) =>
          ask.mutate(
            { kind: 'time-off', start: body.start, end: body.end, note: body.reason },
            {
              onSuccess: () => {
                toast(SENT);
                done();
              },
              onError: failed('Failed to send the request. Please try again.'),
            },
          )
        }
      />
      <HoursRequestDialog
        key={`hours-${dialogKey}`}
        open={dialog === 'hours'}
        onOpenChange={close}
        businessId={business.id}
        staffId={staffId}
      />
    </Card>
  );
}
