/**
 * /support-import-data's Danish texts. The spec's own (spec 3 §2, §4, §5: the messages, the placeholder) come from
 * @klinik/core's supportMessages, which the API answers with too; the labels and hints here are ours.
 */
import { SUPPORT_IMPORT_EXTENSIONS, supportMessages } from '@klinik/core';

export const texts = {
  title: 'Importer data for en klinik',
  logout: 'Log ud',
  optionsLabel: 'Hvad vil du gøre?',
  options: { importData: 'Importer data', arrangeMeeting: 'Arranger møde' },
  therapist: 'Terapeut',
  therapistPlaceholder: supportMessages.therapistPlaceholder,
  therapistSearching: 'Søger…',
  therapistNone: 'Ingen terapeuter fundet',
  therapistSearchFailed: 'Terapeuterne kunne ikke hentes.',
  dropZone: 'Træk klinikkens filer hertil, eller',
  browse: 'Gennemse',
  fileInput: 'Vælg filer',
  fileTypes: `Filtyper: ${SUPPORT_IMPORT_EXTENSIONS.join(', ')}. Mindst 5 CSV/Excel-filer, eller en zip-fil.`,
  filesLabel: 'Valgte filer',
  size: (kilobytes: string) => `${kilobytes} KB`,
  progress: (fileName: string) => `Upload af ${fileName}`,
  done: 'Færdig',
  remove: (fileName: string) => `Fjern ${fileName}`,
  confirm: 'Bekræft',
  uploading: 'Uploader…',
  sending: 'Gemmer…',
  dismiss: 'Luk',
  meetingTitle: 'Book et møde med klinikken',
  meetingMissing: 'Der er ikke sat nogen mødekalender op (meetingUrl i config.json).',
  meetingBooked: 'Mødet er booket i kalenderen. Tryk Bekræft for at gemme det.',
  partFailed: 'Denne del af siden kunne ikke hentes.',
  loading: 'Indlæser…',
  retry: 'Prøv igen',
  history: {
    title: 'Hvad supporten har gjort for klinikken',
    loadFailed: 'Supportens historik kunne ikke hentes.',
    uploads: 'Uploads',
    meetings: 'Møder',
    noUploads: 'Ingen uploads endnu.',
    noMeetings: 'Ingen møder endnu.',
    uploadLine: (at: string, therapist: string) => `${at}, for ${therapist}`,
    meetingLine: (at: string) => `Booket ${at}`,
    status: { received: 'Modtaget – importeres snart', imported: 'Importeret', failed: 'Importen fejlede' },
  },
} as const;
