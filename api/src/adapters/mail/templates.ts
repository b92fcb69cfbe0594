/** The Danish mails the account flows send. Plain text first; the HTML part is the same text, linked. */
import type { MailAttachment, MailMessage } from './index.js';

/** Text made safe to put into a mail's HTML (the five characters HTML gives meaning). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function linkMail(to: string, subject: string, lines: string[], link: string, linkLabel: string): MailMessage {
  const text = [...lines, '', `${linkLabel}: ${link}`, '', 'Venlig hilsen', 'Klinik'].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`,
    '<p>Venlig hilsen<br>Klinik</p>',
  ].join('\n');
  return { to, subject, text, html };
}

/**
 * A mail from a clinic to its client, signed by the clinic; an empty line is a paragraph break. `link`: a last
 * paragraph before the greeting, a link in the HTML part and the address in the text part.
 */
function clinicMail(to: string, subject: string, lines: string[], clinicName: string, link?: { label: string; href: string }): MailMessage {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.href}`] : []), '', 'Venlig hilsen', clinicName].join('\n');
  const html = [
    ...lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p>Venlig hilsen<br>${escapeHtml(clinicName)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export function resetPasswordMail(to: string, name: string, link: string, validMinutes: number): MailMessage {
  return linkMail(
    to,
    'Nulstil din adgangskode',
    [
      `Hej ${name}`,
      'Vi har modtaget en anmodning om at nulstille adgangskoden til din konto.',
      `Linket virker én gang og udløber om ${validMinutes} minutter. Har du ikke bedt om det, kan du se bort fra denne mail.`,
    ],
    link,
    'Vælg en ny adgangskode',
  );
}

/** To the account's own address when many sign-ins failed (domain/accounts/throttle.ts): at most one an hour. */
export function repeatedSignInFailuresMail(to: string, name: string, forgotPasswordLink: string): MailMessage {
  return linkMail(
    to,
    'Mange forkerte forsøg på at logge ind på din konto',
    [
      `Hej ${name}`,
      'Der er i den seneste time forsøgt at logge ind på din konto i Klinik med forkert adgangskode mange gange.',
      'Var det ikke dig, er din konto stadig sikker: forsøgene bremses automatisk, og din egen browser kan stadig logge ind. Er din adgangskode let at gætte, eller bruger du den andre steder, så vælg en ny.',
    ],
    forgotPasswordLink,
    'Vælg en ny adgangskode',
  );
}

export function setPasswordMail(to: string, name: string, clinicName: string, link: string, validDays: number): MailMessage {
  return linkMail(
    to,
    `Du er oprettet som terapeut hos ${clinicName}`,
    [
      `Hej ${name}`,
      `${clinicName} har oprettet dig som terapeut i Klinik.`,
      `Vælg din adgangskode via linket herunder. Linket virker én gang og udløber om ${validDays} dage.`,
    ],
    link,
    'Indstil din adgangskode',
  );
}

/** What a mail about one booking says of it; `when` is the Danish date and time ('02-12-2026 kl. 09:00'). */
export interface BookingMailDetails {
  clientName: string;
  clinicName: string;
  therapistName: string;
  treatment: string;
  when: string;
  address: string;
  /** The clinic's 'Mine tider' page (domain/portal/session.ts portalUrl, no token): where the client sees and changes it. */
  portalLink?: string;
}

/** The line that sends the client to 'Mine tider'. */
export const PORTAL_LINK_LABEL = 'Se, flyt eller aflys dine tider på Mine tider';

function bookingLines(details: BookingMailDetails, whenLabel: string): string[] {
  return [
    `Behandling: ${details.treatment}`,
    `${whenLabel}: ${details.when}`,
    `Behandler: ${details.therapistName}`,
    `Sted: ${details.clinicName}${details.address ? `, ${details.address}` : ''}`,
  ];
}

/**
 * A clinic mail about a booking, with its calendar file (domain/calendar-files) when there is one, and the link to
 * 'Mine tider' when it is given.
 */
function bookingMail(to: string, subject: string, lines: string[], details: BookingMailDetails, calendar: MailAttachment | undefined): MailMessage {
  const mail = clinicMail(to, subject, lines, details.clinicName, details.portalLink ? { label: PORTAL_LINK_LABEL, href: details.portalLink } : undefined);
  return calendar ? { ...mail, attachments: [calendar] } : mail;
}

export function bookingConfirmationMail(to: string, details: BookingMailDetails & { text: string }, calendar?: MailAttachment): MailMessage {
  const lines = [
    `Hej ${details.clientName}`,
    ...(details.text.trim() ? details.text.trim().split(/\r?\n/) : []),
    '',
    ...bookingLines(details, 'Tidspunkt'),
    ...(calendar ? ['', 'Med den vedhæftede kalenderfil kan du lægge tiden i din kalender.'] : []),
  ];
  return bookingMail(to, `Bekræftelse af din booking hos ${details.clinicName}`, lines, details, calendar);
}

/** A booking moved to a new time; its calendar file (a higher SEQUENCE) moves the event the confirmation added. */
export function bookingMovedMail(to: string, details: BookingMailDetails & { previousWhen?: string }, calendar?: MailAttachment): MailMessage {
  const lines = [
    `Hej ${details.clientName}`,
    details.previousWhen ? `Din tid er flyttet fra ${details.previousWhen}.` : 'Din tid er flyttet.',
    '',
    ...bookingLines(details, 'Ny tid'),
    ...(calendar ? ['', 'Den vedhæftede kalenderfil flytter tiden i din kalender.'] : []),
  ];
  return bookingMail(to, `Din tid hos ${details.clinicName} er flyttet`, lines, details, calendar);
}

/** A booking cancelled; its calendar file (METHOD:CANCEL) takes the event out of the client's calendar. */
export function bookingCancelledMail(to: string, details: BookingMailDetails, calendar?: MailAttachment): MailMessage {
  const lines = [
    `Hej ${details.clientName}`,
    'Din tid er aflyst.',
    '',
    ...bookingLines(details, 'Tidspunkt'),
    ...(calendar ? ['', 'Den vedhæftede kalenderfil fjerner tiden fra din kalender.'] : []),
  ];
  return bookingMail(to, `Din tid hos ${details.clinicName} er aflyst`, lines, details, calendar);
}

/** To someone moved up from a course day's waiting list when a seat was freed. */
export function courseSeatMail(to: string, details: { clientName: string; clinicName: string; course: string; when: string }): MailMessage {
  const lines = [
    `Hej ${details.clientName}`,
    `Der er blevet en plads ledig, og du er nu tilmeldt ${details.course} ${details.when}.`,
    'Kan du alligevel ikke komme, så giv klinikken besked, så pladsen kan gå videre.',
  ];
  return clinicMail(to, `Du har fået en plads på ${details.course}`, lines, details.clinicName);
}

/** The intake form link, mailed when a therapist adds a client from /NewClientForm. */
export function clientFormMail(to: string, details: { clientName: string; clinicName: string; link: string | null }): MailMessage {
  const lines = details.link
    ? [
        `Hej ${details.clientName}`,
        `Du er nu oprettet som klient hos ${details.clinicName}.`,
        'Vi beder dig besvare nogle få spørgsmål før din behandling. Linket virker i 30 dage:',
        details.link,
      ]
    : [`Hej ${details.clientName}`, `Du er nu oprettet som klient hos ${details.clinicName}.`];
  return clinicMail(to, `Velkommen hos ${details.clinicName}`, lines, details.clinicName);
}

/** Sent at registration: until the link is used, the clinic cannot mail its clients. */
export function confirmEmailMail(to: string, name: string, link: string, validDays: number): MailMessage {
  return linkMail(
    to,
    'Bekræft din e-mail',
    [
      `Hej ${name}`,
      'Tak fordi du har oprettet din klinik. Bekræft din e-mailadresse, før klinikken kan sende mails til sine klienter (fakturaer og formularer).',
      `Linket udløber om ${validDays} dage. Har du ikke oprettet en klinik, kan du se bort fra denne mail.`,
    ],
    link,
    'Bekræft e-mail',
  );
}

/** The owner hears once when the review queue of the public pages grows long (domain/online-booking/public-identity.ts). */
export function reviewQueueMail(to: string, name: string, waiting: number, link: string): MailMessage {
  return linkMail(
    to,
    'Mange henvendelser venter på jer',
    [
      `Hej ${name}`,
      `Der ligger nu ${waiting} henvendelser fra jeres online booking og klientformular, som ingen har set endnu. De fleste er bookinger og formularer, hvor oplysningerne ikke passede med en klient, I kender.`,
      'Kan I ikke genkende dem, kan I afvise mange på én gang under Ny klient → Henvendelser. Henvendelser, der ikke er set efter 14 dage, slettes af sig selv.',
    ],
    link,
    'Se henvendelserne',
  );
}

/**
 * The 'Mine tider' sign-in link (domain/portal/session.ts): one link per client record with this address in the
 * clinic (a parent booking for a child on the same address gets one for each, named by first name).
 */
export function portalLinkMail(to: string, details: { clinicName: string; links: readonly { name: string; link: string }[]; validMinutes: number }): MailMessage {
  const intro = [
    'Hej',
    `Her er dit link til Mine tider hos ${details.clinicName}, hvor du kan se, flytte og aflyse dine tider.`,
    `Linket virker én gang og udløber om ${details.validMinutes} minutter. Har du ikke bedt om det, kan du se bort fra denne mail.`,
  ];
  const label = (name: string) => (details.links.length > 1 ? `Mine tider for ${name}` : 'Åbn Mine tider');
  const text = [...intro, '', ...details.links.map(({ name, link }) => `${label(name)}: ${link}`), '', 'Venlig hilsen', details.clinicName].join('\n');
  const html = [
    ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...details.links.map(({ name, link }) => `<p><a href="${escapeHtml(link)}">${escapeHtml(label(name))}</a></p>`),
    `<p>Venlig hilsen<br>${escapeHtml(details.clinicName)}</p>`,
  ].join('\n');
  return { to, subject: `Dit link til Mine tider hos ${details.clinicName}`, text, html };
}

/**
 * To the therapist when a client cancelled or moved a booking in 'Mine tider' (the therapist's setting): who and when,
 * never the reason for the visit.
 */
export function portalChangeMail(
  to: string,
  details: { therapistName: string; clientName: string; treatment: string; when: string; previousWhen?: string; link: string },
): MailMessage {
  const what = details.treatment ? ` (${details.treatment})` : '';
  const moved = details.previousWhen !== undefined;
  const lines = [
    `Hej ${details.therapistName}`,
    moved
      ? `${details.clientName} har flyttet sin tid${what} fra ${details.previousWhen ?? ''} til ${details.when} i Mine tider.`
      : `${details.clientName} har aflyst sin tid${what} ${details.when} i Mine tider.`,
    moved ? 'Kalenderen viser allerede den nye tid.' : 'Tiden er fjernet fra kalenderen og er ledig igen.',
  ];
  return linkMail(to, moved ? `${details.clientName} har flyttet sin tid` : `${details.clientName} har aflyst sin tid`, lines, details.link, 'Åbn kalenderen');
}

/** A new e-mail typed in 'Mine tider' applies once its owner opens this link (domain/portal/details.ts). */
export function portalEmailConfirmMail(to: string, details: { clinicName: string; link: string; validMinutes: number }): MailMessage {
  const lines = [
    'Hej',
    `Du har bedt om at bruge denne e-mailadresse hos ${details.clinicName}. Bekræft den med linket herunder.`,
    `Linket virker én gang og udløber om ${details.validMinutes} minutter. Har du ikke bedt om det, kan du se bort fra denne mail.`,
  ];
  const text = [...lines, '', `Bekræft e-mail: ${details.link}`, '', 'Venlig hilsen', details.clinicName].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(details.link)}">Bekræft e-mail</a></p>`,
    `<p>Venlig hilsen<br>${escapeHtml(details.clinicName)}</p>`,
  ].join('\n');
  return { to, subject: `Bekræft din e-mail hos ${details.clinicName}`, text, html };
}

/** To a client whose request for their journal the therapist accepted (domain/online-booking/review.ts). */
export function journalRequestAcceptedMail(to: string, details: { clientName: string; clinicName: string }): MailMessage {
  const lines = [
    `Hej ${details.clientName}`,
    `${details.clinicName} har modtaget din anmodning om din journal og sender den til dig.`,
    'Journalen sendes på en sikker måde; har du spørgsmål, så kontakt klinikken.',
  ];
  return clinicMail(to, `Din journal hos ${details.clinicName}`, lines, details.clinicName);
}
