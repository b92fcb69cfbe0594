/**
 * The fields whose exact matches the embedded database hands to SQLite (the patch in
 * api/tools/ferretdb-patch/klinik_pushdown.go, passed to FerretDB as FERRETDB_KLINIK_SCALAR_FIELDS at its start).
 *
 * A field may be here only if no collection ever stores an array under it: `{f: x}` also matches an array holding x,
 * which SQLite's `f = x` would miss. `api/test/embedded-pushdown.test.ts` checks every model's schema (mongoose casts
 * whatever is written through it to the schema's type), so adding a field that some model keeps as an array, or as
 * anything but a string or an ObjectId, fails there.
 */
export const EMBEDDED_PUSHDOWN_FIELDS: readonly string[] = [
  'companyId',
  'therapistId',
  'clientId',
  'bookingId',
  'journalId',
  'invoiceId',
  'treatmentId',
  'eventId',
  'eventDateId',
  'newsletterId',
  'customFieldId',
  'creditForId',
  'accountId',
  'administratorId',
  'teamUserId',
  'supportUploadId',
  // A client's therapist (a therapist's own client list); a journal's author's name elsewhere, which is never pushed
  // down (a name has spaces), but is a string there too.
  'createdBy',
  'username',
  // A booking's Copenhagen date (YYYY-MM-DD): the week view asks for the days it shows (domain/scheduling/bookings.ts).
  'bookingDate',
  // A booking's recurring series: 'this and the following' (domain/scheduling/booking-series.ts).
  'seriesId',
  // The Copenhagen month ('YYYY-MM') of an invoice, of an SMS sent, of /Statistik's monthly totals and their changes:
  // a month's records found by an exact match (domain/statistics/months.ts).
  'issuedMonth',
  'month',
];

/**
 * The fields a name search looks in (domain/search.ts nameWordsFilter: every word, case-insensitively, in one of
 * them), which the embedded database hands to SQLite as GLOB patterns (klinik_pushdown.go; passed as
 * FERRETDB_KLINIK_TEXT_FIELDS), and the order of a list sorted by name (first name, last name, then `_id`), which
 * SQLite sorts, skips, limits and counts from a list index it makes on these fields. Each must be a string in every
 * model that has it (the same test checks).
 */
export const EMBEDDED_TEXT_SEARCH_FIELDS: readonly string[] = ['nameFirst', 'nameLast'];
