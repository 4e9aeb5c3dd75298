import { type Service, formatPrice } from '@slotwise/contracts';
import { ClockIcon, EmptyState, Skeleton, cx } from '@slotwise/ui';
import { StepHeading } from './StepHeading';

interface ServiceStepProps {
  /** Focus the heading on mount (true after the customer has moved between steps). */
  focusHeading: boolean;
  services: Service[] | undefined;
  isLoading: boolean;
  isError: boolean;
  selectedId: number | null;
  onSelect: (serviceId: number) => void;
}

export function ServiceStep({
  focusHeading,
  services,
  isLoading,
  isError,
  selectedId,
  onSelect,
}: ServiceStepProps) {
  return (
    <section className="bk-step" aria-labelledby="bk-step-title">
      <StepHeading id="bk-step-title" className="bk-step__title" focus={focusHeading}>
        Choose a Service
      </StepHeading>
      {isLoading ? (
        <div className="bk-services" role="status" aria-live="polite">
          <span className="sw-visually-hidden">Loading services…</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={96} radius={14} />
          ))}
        </div>
      ) : !services || services.length === 0 || isError ? (
        <EmptyState description="No services available for this business." />
      ) : (
        <ul className="bk-services">
          {services.map((service) => (
            <li key={service.id}>
              <button
                type="button"
                className={cx('bk-service', service.id === selectedId && 'bk-service--selected')}
                aria-pressed={service.id === selectedId}
                onClick={() => onSelect(service.id)}
              >
                <span className="bk-service__main">
                  <span className="bk-service__name">{service.name}</span>
                  {service.description && (
                    <span className="bk-service__description">{service.description}</span>
                  )}
                  {service.policySummary && (
                    <span className="bk-service__policy">
                      {service.policySummary}
                      {service.policyNewClientsOnly && ' (new clients only)'}
                    </span>
                  )}
                </span>
                <span className="bk-service__meta">
                  <span className="bk-service__price">{formatPrice(service.price)}</span>
                  <span className="bk-service__duration">
                    <ClockIcon width={14} height={14} />
                    {service.duration} min
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
