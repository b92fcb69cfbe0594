import { SUPPORT_IMPORT_MAX_FILE_BYTES, SUPPORT_IMPORT_MAX_FILES, supportMessages as S } from '@klinik/core';
import { admitFiles, confirmProblem, fileProgress, kilobytes, meetingFrameUrl, scheduledMeeting } from './rules';

const file = (name: string, size = 10) => ({ name, size });
const csv = (n: number) => Array.from({ length: n }, (_, i) => `tabel-${i}.csv`);
const therapistId = 'a'.repeat(24);
const meeting = { eventUri: 'https://api.calendly.com/scheduled_events/1', inviteeUri: 'https://api.calendly.com/scheduled_events/1/invitees/2' };

describe('admitFiles', () => {
  it('takes the spec types in any case and refuses the others by name', () => {
    const { admitted, problems } = admitFiles([], [file('A.CSV'), file('notes.txt'), file('b.XlSx'), file('c.zip'), file('d.xls'), file('e.xlsm'), file('noext')]);
    expect(admitted.map((f) => f.name)).toEqual(['A.CSV', 'b.XlSx', 'c.zip', 'd.xls', 'e.xlsm']);
    expect(problems).toEqual([S.invalidFileType('notes.txt'), S.invalidFileType('noext')]);
  });

  it('refuses a file over the size limit, beyond the number an upload takes, and skips one already listed', () => {
    expect(admitFiles([], [file('big.csv', SUPPORT_IMPORT_MAX_FILE_BYTES + 1)]).problems).toEqual([`big.csv: ${S.fileTooLarge(`${SUPPORT_IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB`)}`]);
    const full = Array.from({ length: SUPPORT_IMPORT_MAX_FILES }, (_, i) => file(`${i}.csv`));
    expect(admitFiles(full, [file('one-more.csv'), file('and-another.csv')])).toEqual({ admitted: [], problems: [S.tooManyFiles(SUPPORT_IMPORT_MAX_FILES)] });
    expect(admitFiles([file('a.csv', 10)], [file('a.csv', 10), file('a.csv', 11)]).admitted).toEqual([file('a.csv', 11)]);
  });
});

describe('confirmProblem (spec 3 §5, in order)', () => {
  it('checks the upload: a file, five tables or a zip, a therapist', () => {
    expect(confirmProblem('importData', [], null, null)).toBe(S.noFile);
    expect(confirmProblem('importData', csv(2), null, null)).toBe(S.tooFewFiles);
    expect(confirmProblem('importData', csv(5), null, null)).toBe(S.noTherapist);
    expect(confirmProblem('importData', ['alt.zip'], null, null)).toBe(S.noTherapist);
    expect(confirmProblem('importData', csv(5), therapistId, null)).toBeNull();
  });

  it('checks the meeting: a therapist, then a booked meeting; and refuses any other option', () => {
    expect(confirmProblem('arrangeMeeting', [], null, meeting)).toBe(S.noTherapist);
    expect(confirmProblem('arrangeMeeting', [], therapistId, null)).toBe(S.noMeeting);
    expect(confirmProblem('arrangeMeeting', [], therapistId, meeting)).toBeNull();
    expect(confirmProblem('somethingElse', csv(5), therapistId, meeting)).toBe(S.invalidOption);
  });
});

describe('fileProgress', () => {
  it('fills the files one after another and ends every file at 1 when the body is sent', () => {
    expect(fileProgress([100, 300], 0, 500)).toEqual([0, 0]);
    expect(fileProgress([100, 300], 100, 500)).toEqual([0.8, 0]);
    expect(fileProgress([100, 300], 500, 800)).toEqual([1, 0.5]);
    expect(fileProgress([100, 300], 500, 500)).toEqual([1, 1]);
    expect(fileProgress([100, 300], 900, 500)).toEqual([1, 1]);
  });

  it('answers 0 when the browser cannot tell the total', () => {
    expect(fileProgress([100, 300], 120, 0)).toEqual([0, 0]);
  });
});

it('writes sizes in whole kilobytes, Danish style', () => {
  expect(kilobytes(0)).toBe('0');
  expect(kilobytes(10)).toBe('1');
  expect(kilobytes(3 * 1024 * 1024)).toBe('3.072');
});

describe('scheduledMeeting', () => {
  it("reads Calendly's event_scheduled message", () => {
    expect(scheduledMeeting({ event: 'calendly.event_scheduled', payload: { event: { uri: meeting.eventUri }, invitee: { uri: meeting.inviteeUri } } })).toEqual(meeting);
  });

  it('ignores other events and malformed messages', () => {
    expect(scheduledMeeting({ event: 'calendly.page_height', payload: { height: '700px' } })).toBeNull();
    expect(scheduledMeeting('calendly.event_scheduled')).toBeNull();
    expect(scheduledMeeting({ event: 'calendly.event_scheduled', payload: { event: { uri: 'javascript:alert(1)' }, invitee: { uri: meeting.inviteeUri } } })).toBeNull();
    expect(scheduledMeeting({ event: 'calendly.event_scheduled', payload: { event: {}, invitee: { uri: meeting.inviteeUri } } })).toBeNull();
  });
});

it("tells the calendar the page's origin", () => {
  const url = new URL(meetingFrameUrl('https://calendly.com/klinik-support/import?month=2025-01', 'http://localhost:3000'));
  expect(url.origin + url.pathname).toBe('https://calendly.com/klinik-support/import');
  expect(Object.fromEntries(url.searchParams)).toEqual({ month: '2025-01', embed_domain: 'localhost:3000', embed_type: 'Inline', parentOrigin: 'http://localhost:3000' });
});
