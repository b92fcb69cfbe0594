/** mf-commerce's typed calls, over the client the shell hands to every page. */
import type { ActionClient } from '@klinik/core/client';

export const startFreeTrial = (client: ActionClient) => client.call('purchasedFreePlanSubscription', {});
