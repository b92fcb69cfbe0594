/** The course page's calls, typed by the contracts in @klinik/core, over the client the shell hands to every page. */
import type { ActionClient } from '@klinik/core/client';
import type { ActionInput } from '@klinik/core';

type CourseFields = ActionInput<'addEvent'>;
type DateFields = ActionInput<'addEventDates'>['dates'][number];

export const coursesApi = (client: ActionClient) => ({
  list: (input: ActionInput<'getAllEvent'>) => client.call('getAllEvent', input),
  therapists: () => client.call('getCompanyTherapists', {}),
  add: (course: CourseFields) => client.call('addEvent', course),
  set: (id: string, course: CourseFields) => client.call('setEvent', { id, course }),
  remove: (id: string) => client.call('deleteEvent', { id }),
  addDates: (eventId: string, dates: DateFields[]) => client.call('addEventDates', { eventId, dates }),
  setDate: (id: string, date: DateFields, version?: number) => client.call('setEventDate', { id, date, version }),
  removeDate: (id: string) => client.call('deleteEventDate', { id }),
  participants: (eventDateId: string) => client.call('getEventDateClientsFromTherapist', { eventDateId }),
  removeParticipant: (id: string) => client.call('deleteEventDateClient', { id }),
});

export type CoursesApi = ReturnType<typeof coursesApi>;
