// The integrations feature's public face (Settings → Integrations: webhooks and API keys).
export { IntegrationsTab } from './components/IntegrationsTab';
