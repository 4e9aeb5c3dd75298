import type { ConfirmationState, OutboxChannel } from '@slotwise/contracts';
import type { AppConfig } from '../../../core/config/app-config.js';

/**
 * Which channels have a provider in this configuration: SMS needs all three Twilio settings,
 * email an SMTP URL. The senders decide the same way (tested), so the API can tell at send time
 * what the worker will do with a message.
 */
export function configuredChannels(config: AppConfig): Record<OutboxChannel, boolean> {
  return {
    sms: !!(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM_NUMBER),
    email: !!config.SMTP_URL,
  };
}

/**
 * What a customer can be told of a confirmation written with their booking's commit: going out
 * ('queued'), kept unsent because this server has no provider, or never written (`wanted` false:
 * no Australian mobile, no email address).
 */
export function confirmationState(
  config: AppConfig,
  channel: OutboxChannel,
  wanted: boolean,
): ConfirmationState {
  if (!wanted) return 'not_sent';
  return configuredChannels(config)[channel] ? 'queued' : 'not_configured';
}
