/** The Danish mails the account flows send. Plain text first; the HTML part is the same text, linked. */
import type { MailMessage } from './index.js';

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

/** A mail from a clinic to its client, signed by the clinic; an empty line is a paragraph break. */
function clinicMail(to: string, subject: string, lines: string[], clinicName: string): MailMessage {
  const text = [...lines, '', 'Venlig hilsen', clinicName].join('\n');
  const html = [...lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')), `<p>Venlig hilsen<br>${escapeHtml(clinicName)}</p>`].join('\n');
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

export function bookingConfirmationMail(
  to: string,
  details: { clientName: string; clinicName: string; therapistName: string; treatment: string; when: string; address: string; text: string },
): MailMessage {
  const lines = [
    `Hej ${details.clientName}`,
    ...(details.text.trim() ? details.text.trim().split(/\r?\n/) : []),
    '',
    `Behandling: ${details.treatment}`,
    `Tidspunkt: ${details.when}`,
    `Behandler: ${details.therapistName}`,
    `Sted: ${details.clinicName}${details.address ? `, ${details.address}` : ''}`,
  ];
  return clinicMail(to, `Bekræftelse af din booking hos ${details.clinicName}`, lines, details.clinicName);
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
