/** Reads an iCalendar text back with a real parser (ical.js), as a calendar program would. */
import ICAL from 'ical.js';

export interface ParsedCalendarEvent {
  uid: string;
  sequence: number;
  from: number;
  to: number;
  summary: string;
  location: string;
  description: string;
  status: string;
}

export interface ParsedCalendar {
  method: string | null;
  events: ParsedCalendarEvent[];
}

export function readCalendar(text: string): ParsedCalendar {
  const calendar = ICAL.Component.fromString(text);
  if (calendar.name !== 'vcalendar') throw new Error(`not a calendar: ${calendar.name}`);
  const method = calendar.getFirstPropertyValue('method');
  return {
    method: typeof method === 'string' ? method : null,
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      const status = component.getFirstPropertyValue('status');
      return {
        uid: event.uid,
        sequence: event.sequence,
        from: event.startDate.toJSDate().getTime(),
        to: event.endDate.toJSDate().getTime(),
        summary: event.summary ?? '',
        location: event.location ?? '',
        description: event.description ?? '',
        status: typeof status === 'string' ? status : '',
      };
    }),
  };
}
