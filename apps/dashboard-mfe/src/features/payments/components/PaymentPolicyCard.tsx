import { type FormEvent, useState } from 'react';
import { isApiError } from '@slotwise/api-client';
import {
  type Business,
  type PaymentPolicySettings,
  type ServicePolicyOverride,
  NO_POLICY,
  PAYMENT_POLICY_PRESETS,
  PAYMENT_POLICY_PRESET_VALUES,
  PaymentMessages,
  formatPrice,
  paymentPolicySummary,
} from '@slotwise/contracts';
import { Alert, Button, QueryState, Skeleton, toast } from '@slotwise/ui';
import { SaveRow, SectionCard, SelectField } from '../../owner';
import { usePaymentPolicy, useSavePaymentPolicy } from '../api';
import '../payments.css';
import { type PolicyDraft, type PolicyIssues, draftPolicy, policyDraft } from '../policy-draft';
import { PolicyFields } from './PolicyFields';

/** Settings → Payments: the no-show protection clients accept when booking. */
export function PaymentPolicyCard({ business }: { business: Business }) {
  const settings = usePaymentPolicy(business.id);
  return (
    <SectionCard
      id="payment-policy-title"
      title="No-show protection"
      description="A deposit or a card on file, and when cancelling is free. Clients read and accept it before booking."
    >
      <QueryState
        query={settings}
        errorTitle="Could not load your booking policy"
        loading={
          <div className="sw-stack" aria-busy="true" aria-label="Loading the policy">
            <Skeleton height={20} width="60%" />
            <Skeleton height={120} radius={12} />
          </div>
        }
      >
        {/* A fresh editor for each saved version. */}
        {(s) => <PolicyEditor key={JSON.stringify(s)} businessId={business.id} settings={s} />}
      </QueryState>
    </SectionCard>
  );
}

type OverrideDrafts = Record<number, PolicyDraft | undefined>;

function overrideDrafts(overrides: readonly ServicePolicyOverride[]): OverrideDrafts {
  return Object.fromEntries(overrides.map((o) => [o.serviceId, policyDraft(o.policy)]));
}

function PolicyEditor({
  businessId,
  settings,
}: {
  businessId: number;
  settings: PaymentPolicySettings;
}) {
  const save = useSavePaymentPolicy(businessId);
  const [draft, setDraft] = useState(() => policyDraft(settings.policy));
  const [overrides, setOverrides] = useState(() => overrideDrafts(settings.serviceOverrides));
  const [issues, setIssues] = useState<PolicyIssues>({});
  const [overrideIssues, setOverrideIssues] = useState<Record<number, PolicyIssues>>({});
  const enabled = settings.paymentsState === 'enabled';
  const firstPrice = settings.services[0]?.price ?? null;
  // What a service that follows the business tells its clients: the policy being edited, not
  // the saved one (the owner reads it before saving). Until charges are enabled, nothing is asked.
  const business = draftPolicy(draft);
  const followingText = (s: PaymentPolicySettings['services'][number]) => {
    if (!enabled) return s.summary ?? 'Nothing is asked when booking.';
    if (!business.ok) return 'Follows the business policy above.';
    return paymentPolicySummary(business.policy, s.price) ?? 'Nothing is asked when booking.';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const own = settings.services.flatMap((s) => {
      const d = overrides[s.serviceId];
      return d ? [{ serviceId: s.serviceId, checked: draftPolicy(d) }] : [];
    });
    setIssues(business.ok ? {} : business.issues);
    setOverrideIssues(
      Object.fromEntries(
        own.flatMap((o) => (o.checked.ok ? [] : [[o.serviceId, o.checked.issues]])),
      ),
    );
    if (!business.ok || own.some((o) => !o.checked.ok)) return;
    save.mutate(
      {
        policy: business.policy,
        serviceOverrides: own.flatMap((o) =>
          o.checked.ok ? [{ serviceId: o.serviceId, policy: o.checked.policy }] : [],
        ),
      },
      {
        onSuccess: () =>
          toast({
            title: 'Policy Saved',
            description: 'Clients see it when booking.',
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: 'Could not save the policy',
            description:
              isApiError(error) && error.serverMessage ? error.serverMessage : 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form className="sw-stack" noValidate onSubmit={submit}>
      {!enabled && (
        <Alert variant="info" title="Finish setting up payments first">
          {settings.paymentsState === 'not_configured'
            ? 'Clients cannot be asked for a deposit or a card until payments are set up on this server.'
            : PaymentMessages.notEnabled}
        </Alert>
      )}
      {/* Disabled until Stripe says charges are enabled: nothing is offered that cannot work. */}
      <fieldset className="pay-editor" disabled={!enabled}>
        <legend className="sw-visually-hidden">Booking policy</legend>
        <div className="sw-stack">
          <div>
            <p className="pay-label">Start from a preset</p>
            <div className="pay-presets">
              {PAYMENT_POLICY_PRESETS.map((p) => {
                const preset = PAYMENT_POLICY_PRESET_VALUES[p];
                return (
                  <Button
                    key={p}
                    type="button"
                    variant="secondary"
                    size="sm"
                    title={preset.description}
                    onClick={() => setDraft(policyDraft(preset.policy))}
                  >
                    {preset.label}
                  </Button>
                );
              })}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => setDraft(policyDraft(NO_POLICY))}
              >
                None
              </Button>
            </div>
          </div>
          <PolicyFields
            id="pay-business"
            draft={draft}
            issues={issues}
            examplePrice={firstPrice}
            onChange={setDraft}
          />
          {settings.services.length > 0 && (
            <div className="sw-stack">
              <h3 className="pay-label">Per service</h3>
              <ul className="pay-services">
                {settings.services.map((s) => {
                  const own = overrides[s.serviceId];
                  return (
                    <li key={s.serviceId} className="pay-service">
                      <div className="pay-service__head">
                        <span>
                          <strong>{s.name}</strong>{' '}
                          <span className="dash-muted">{formatPrice(s.price)}</span>
                        </span>
                        <SelectField
                          id={`pay-service-${s.serviceId}`}
                          label={`Policy for ${s.name}`}
                          hideLabel
                          value={own ? 'own' : 'business'}
                          choices={[
                            { value: 'business', label: 'Business policy' },
                            { value: 'own', label: 'Its own policy' },
                          ]}
                          onChange={(v) =>
                            setOverrides((o) => ({
                              ...o,
                              [s.serviceId]: v === 'own' ? { ...draft } : undefined,
                            }))
                          }
                        />
                      </div>
                      {own ? (
                        <PolicyFields
                          id={`pay-service-${s.serviceId}`}
                          draft={own}
                          issues={overrideIssues[s.serviceId] ?? {}}
                          examplePrice={s.price}
                          onChange={(d) => setOverrides((o) => ({ ...o, [s.serviceId]: d }))}
                        />
                      ) : (
                        <p className="dash-muted">{followingText(s)}</p>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
          <SaveRow label="Save Policy" busy={save.isPending} disabled={!enabled} />
        </div>
      </fieldset>
    </form>
  );
}
