// The ordered list of migrations. Add a file named by its date and append it here.
import type { Migration } from 'kysely';
import * as core from './2026-11-29T0000-core.ts';
import * as delivery from './2026-11-29T0100-delivery.ts';
import * as recurrence from './2026-11-29T0200-recurrence.ts';
import * as telegram from './2026-11-29T0150-telegram.ts';
import * as notices from './2026-11-29T0300-notices.ts';
import * as deliveryRounds from './2026-11-29T0420-delivery-rounds.ts';
import * as noticeDeliveries from './2026-11-29T0530-notice-deliveries.ts';
import * as noticeTrailingPush from './2026-11-29T0540-notice-trailing-push.ts';
import * as presenceBackoff from './2026-12-01T0100-presence-backoff.ts';
import * as presenceHeaders from './2026-12-01T0400-presence-headers.ts';
import * as userLocale from './2026-12-01T0700-user-locale.ts';
import * as actionTokenHash from './2026-12-01T0900-action-token-hash.ts';
import * as pushChannel from './2026-12-01T1100-push-channel.ts';
import * as mobileChannel from './2026-12-01T1150-mobile-channel.ts';
import * as emailSlackChannels from './2026-12-01T1200-email-slack-channels.ts';
import * as securityLimits from './2026-12-04T0100-security-limits.ts';
import * as sourceTopics from './2026-12-04T0200-source-topics.ts';
import * as recipients from './2026-12-04T0300-recipients.ts';
import * as sourceSigningKeys from './2026-12-04T0400-source-signing-keys.ts';
import * as addressRecipients from './2026-12-04T1300-address-recipients.ts';
import * as noticeBodyFormat from './2026-12-04T1400-notice-body-format.ts';
import * as tickFillfactor from './2026-12-04T1800-tick-fillfactor.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-29T0000-core': core,
  '2026-11-29T0100-delivery': delivery,
  '2026-11-29T0200-recurrence': recurrence,
  '2026-11-29T0150-telegram': telegram,
  '2026-11-29T0300-notices': notices,
  '2026-11-29T0420-delivery-rounds': deliveryRounds,
  '2026-11-29T0530-notice-deliveries': noticeDeliveries,
  '2026-11-29T0540-notice-trailing-push': noticeTrailingPush,
  '2026-12-01T0100-presence-backoff': presenceBackoff,
  '2026-12-01T0400-presence-headers': presenceHeaders,
  '2026-12-01T0700-user-locale': userLocale,
  '2026-12-01T0900-action-token-hash': actionTokenHash,
  '2026-12-01T1100-push-channel': pushChannel,
  '2026-12-01T1150-mobile-channel': mobileChannel,
  '2026-12-01T1200-email-slack-channels': emailSlackChannels,
  '2026-12-04T0100-security-limits': securityLimits,
  '2026-12-04T0200-source-topics': sourceTopics,
  '2026-12-04T0300-recipients': recipients,
  '2026-12-04T0400-source-signing-keys': sourceSigningKeys,
  '2026-12-04T1300-address-recipients': addressRecipients,
  '2026-12-04T1400-notice-body-format': noticeBodyFormat,
  '2026-12-04T1800-tick-fillfactor': tickFillfactor,
};
