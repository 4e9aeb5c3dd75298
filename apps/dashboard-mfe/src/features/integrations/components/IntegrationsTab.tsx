import { ApiKeysCard } from './ApiKeysCard';
import { WebhooksCard } from './WebhooksCard';
import '../integrations.css';

/** Settings → Integrations: webhooks and API keys. */
export function IntegrationsTab({
  businessId,
  timeZone,
}: {
  businessId: number;
  timeZone: string;
}) {
  return (
    <div className="sw-stack">
      <WebhooksCard businessId={businessId} timeZone={timeZone} />
      <ApiKeysCard businessId={businessId} timeZone={timeZone} />
    </div>
  );
}
