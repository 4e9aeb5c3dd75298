import '../staff-requests.css';
import { useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  type AffectedBookingsRequest,
  type Business,
  type StaffChangeRequest,
} from '@slotwise/contracts';
import {
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
import { AffectedBookingsDialog, useAffectedBookings } from '../../hours';
import { SectionHead } from '../../owner';
import { useDecideRequest, useStaffRequests } from '../api';
import { requestSummary } from '../request-text';

/** The change as the hours' warning asks about it (the same check as a direct edit's). */
function proposedChange(request: StaffChangeRequest): AffectedBookingsRequest {
  return request.kind === 'time-off'
    ? { kind: 'time-off', staffId: request.staffId, start: request.start!, end: request.end! }
    : { kind: 'staff-hours', staffId: request.staffId, days: request.days ?? [] };
}

function PendingRow({
  request,
  business,
  onApprove,
  onDecline,
  busy,
}: {
  request: StaffChangeRequest;
  business: Business;
  onApprove: () => void;
  onDecline: () => void;
  busy: boolean;
}) {
  return (
    <li className="req-row" data-request={request.id} data-request-staff={request.staffName}>
      <div className="req-row__main">
        <p className="req-row__what">
          <strong>{request.staffName}</strong> · {requestSummary(request, business.timeZone)}
        </p>
        {request.note && <p className="req-row__meta">Note: {request.note}</p>}
      </div>
      <div className="req-row__actions">
        <Button size="sm" disabled={busy} onClick={onApprove}>
          Approve
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={onDecline}>
          Decline
        </Button>
      </div>
    </li>
  );
}

/** Settings → Team's 'Requests': staff members' hours and time off waiting for a decision. */
export function StaffRequestsCard({ business }: { business: Business }) {
  const pending = useStaffRequests(business.id, 'pending');
  const decide = useDecideRequest(business.id);
  const affected = useAffectedBookings(business.id, business.timeZone);
  const [declining, setDeclining] = useState<StaffChangeRequest | null>(null);
  const [reason, setReason] = useState('');

  const onError = (error: Error) =>
    toast({
      title: 'Error',
      description:
        (isApiError(error) ? error.serverMessage : null) ??
        'Failed to save the decision. Please try again.',
      variant: 'destructive',
    });

  const approve = (request: StaffChangeRequest) =>
    affected.guard(
      proposedChange(request),
      () =>
        decide.mutate(
          { requestId: request.id, decision: 'approve' },
          {
            onSuccess: () =>
              toast({
                title: 'Request Approved',
                description: `${request.staffName} has been told.`,
                variant: 'success',
              }),
            onError,
          },
        ),
      'Approve Anyway',
    );

  const decline = () => {
    if (!declining) return;
    decide.mutate(
      { requestId: declining.id, decision: 'decline', reason },
      {
        onSuccess: () => {
          toast({
            title: 'Request Declined',
            description: `${declining.staffName} has been told.`,
            variant: 'success',
          });
          setDeclining(null);
        },
        onError,
      },
    );
  };

  return (
    <Card as="section" aria-label="Requests">
      <CardBody className="sw-stack">
        <SectionHead
          title="Requests"
          description="Staff members' own hours and time off, waiting for your approval."
        />
        <QueryState
          query={pending}
          loading={<Skeleton height={44} radius={10} />}
          errorTitle="Could not load the requests"
        >
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="No requests waiting" description="You're all caught up." />
            ) : (
              <ul className="req-list" aria-label="Pending requests">
                {list.map((r) => (
                  <PendingRow
                    key={r.id}
                    request={r}
                    business={business}
                    busy={decide.isPending || affected.checking}
                    onApprove={() => approve(r)}
                    onDecline={() => {
                      setReason('');
                      setDeclining(r);
                    }}
                  />
                ))}
              </ul>
            )
          }
        </QueryState>
      </CardBody>
      <AffectedBookingsDialog {...affected.dialog} />
      <Dialog
        open={declining !== null}
        onOpenChange={(open) => !open && !decide.isPending && setDeclining(null)}
        title="Decline Request"
        description={declining ? `${declining.staffName} is emailed your answer.` : undefined}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeclining(null)}>
              Cancel
            </Button>
            <Button variant="destructive" loading={decide.isPending} onClick={decline}>
              Decline
            </Button>
          </>
        }
      >
        <InputField
          label="Reason (optional)"
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Dialog>
    </Card>
  );
}
