/** /Onlinereservation's calls, apart from the module's others so the page loads only these (its 60 KB budget). */
import type { ActionClient } from '@klinik/core/client';
import type { ActionInput } from '@klinik/core';

export const onlineSetupApi = (client: ActionClient) => ({
  settings: () => client.call('getOnlineBookingSettings', {}),
  setSettings: (input: ActionInput<'setOnlineBookingSettings'>) => client.call('setOnlineBookingSettings', input),
  holidaySettings: () => client.call('getHolidaySettings', {}),
  setHolidaySettings: (input: ActionInput<'setHolidaySettings'>) => client.call('setHolidaySettings', input),
});
