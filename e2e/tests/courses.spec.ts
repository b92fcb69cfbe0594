/**
 * Course administration under /Kursus (spec 2, Courses): the owner creates a course with a rich-text description,
 * min 1 and max 2 and two days (the form refuses min above max and a day ending before it starts; the server
 * refuses a day over a leave, and the form keeps everything), finds it in the list, renames it, moves a day and
 * adds one; three clients sign up online for the first day, so it is full and the third is on the waiting list;
 * the owner sees both lists in step 2, removes a participant, deletes a day and the course after 'Er du sikker?'.
 * Then the list and the dialog on a 390 px phone.
 */
import type { Locator, Page } from '@playwright/test';
import { formatDanishDate } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { api, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';

const MIN_ABOVE_MAX = 'Minimum antal deltagere kan ikke være højere end max antal deltagere';
const OVERLAP = 'Denne tidspunkt overlapper med en anden booking. Vælg en anden tidspunkt.';

interface Clinic {
  email: string;
  token: string;
  therapistId: string;
}

async function clinicOnTrial(prefix: string): Promise<Clinic> {
  const email = uniqueEmail(prefix);
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const me = await api<{ data: { id: string } }>('getTherapist', { token });
  return { email, token, therapistId: me.body.data.id };
}

/** A client signs up online for a course day, as the public booking page does. */
async function signUp(clinic: Clinic, eventDateId: string, nameFirst: string, nameLast: string, cpr6: string, email = uniqueEmail(nameFirst.toLowerCase())) {
  const answer = await api<{ message: string; data: { isWaiting: boolean }[] }>('clientAddEventDateClients', {
    therapistId: clinic.therapistId,
    eventDateIds: [eventDateId],
    consent: true,
    client: { nameFirst, nameLast, CPR6Digit: cpr6, CPRLast4Digit: '1234', email, phonePrivate: '20304050' },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function courseDays(clinic: Clinic, title: string): Promise<{ id: string; from: number }[]> {
  const list = await api<{ data: { title: string; dates: { id: string; from: number }[] }[] }>('getAllEvent', { token: clinic.token, page: 1, size: 10, search: title });
  expect(list.status).toBe(200);
  return list.body.data.find((course) => course.title === title)!.dates;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const day = (dialog: Locator, n: number) => dialog.getByRole('group', { name: `Dag ${n}` });
const toField = (group: Locator) => group.getByLabel(/^Til(\s*\*)?$/);

test('owner: create, rename, participants and waiting list, remove, delete a day and the course', async ({ page }) => {
  test.setTimeout(120_000);
  const clinic = await clinicOnTrial('kursus');
  const monday = nextMonday();
  const [tuesday, thursday] = [dayKey(monday, 1), dayKey(monday, 3)];
  // The therapist is away Thursday afternoon: a course day then is refused by the server.
  expect((await api('addLeave', { token: clinic.token, from: at(thursday, 14), to: at(thursday, 16), reason: 'Tandlæge' })).status).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, clinic.email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/Kursus');
  await expect(page.getByRole('heading', { name: 'Kursus' })).toBeVisible();
  await expect(page.getByText('Ingen kurser fundet')).toBeVisible();

  // Step 0: the rules answer before anything is sent.
  await page.getByRole('button', { name: 'Nyt kursus' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nyt kursus' });
  await expect(dialog.getByRole('tab', { name: 'Navn og beskrivelse' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tab', { name: 'Kursusdage' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Deltagere' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Næste' }).click();
  await expect(dialog.getByText('Titel er påkrævet')).toBeVisible();
  await dialog.getByLabel(/^Titel/).fill('Yoga for begyndere');
  const description = dialog.getByRole('textbox', { name: 'Beskrivelse' });
  await description.click();
  await page.keyboard.type('Blid yoga ');
  await dialog.getByRole('button', { name: 'Fed' }).click();
  // The button gives the focus back to the text; type only once it is there and bold is on.
  await expect(dialog.getByRole('button', { name: 'Fed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(description).toBeFocused();
  await page.keyboard.type('for alle');
  await expect(description.locator('strong')).toHaveText('for alle');
  await dialog.getByLabel(/^Minimum antal deltagere/).fill('3');
  await dialog.getByLabel(/^Max antal deltagere/).fill('2');
  await dialog.getByRole('button', { name: 'Næste' }).click();
  await expect(dialog.getByText(MIN_ABOVE_MAX)).toBeVisible();
  await dialog.getByLabel(/^Minimum antal deltagere/).fill('1');
  await expect(dialog.getByText(MIN_ABOVE_MAX)).toBeHidden();
  await shot(page, 'desktop-step0');
  await dialog.getByRole('button', { name: 'Næste' }).click();

  // Step 1: two days; a day ending before it starts is refused with the opening-hours messages.
  await expect(dialog.getByRole('tab', { name: 'Kursusdage' })).toHaveAttribute('aria-selected', 'true');
  // Without days the step says so on a line of its own, under its intro (the two ran together).
  await dialog.getByRole('button', { name: 'Slet kursusdag 1' }).click();
  const intro = (await dialog.getByText('Hver kursusdag har en dato, et tidsrum og en tilmeldingsfrist.', { exact: true }).boundingBox())!;
  const none = (await dialog.getByText('Ingen kursusdage endnu', { exact: true }).boundingBox())!;
  expect(none.y).toBeGreaterThanOrEqual(intro.y + intro.height);
  await dialog.getByRole('button', { name: 'Tilføj kursusdag' }).click();
  const first = day(dialog, 1);
  await first.getByLabel(/^Dato/).fill(tuesday);
  await first.getByLabel(/^Fra/).selectOption('10:00');
  await toField(first).selectOption('09:00');
  await expect(first.getByText('Starttidspunkt skal være før sluttidspunkt!')).toBeVisible();
  await expect(first.getByText('Sluttidspunkt skal være efter starttidspunkt!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Næste' }).click();
  await expect(dialog.getByRole('tab', { name: 'Kursusdage' })).toHaveAttribute('aria-selected', 'true');
  await toField(first).selectOption('12:00');
  await expect(first.getByText('Starttidspunkt skal være før sluttidspunkt!')).toBeHidden();
  await first.getByLabel(/^Tilmeldingsfrist/).fill('1');
  await dialog.getByRole('button', { name: 'Tilføj kursusdag' }).click();
  const second = day(dialog, 2);
  await second.getByLabel(/^Dato/).fill(thursday);
  await second.getByLabel(/^Fra/).selectOption('14:00');
  await toField(second).selectOption('16:00');
  await shot(page, 'desktop-step1');
  await dialog.getByRole('button', { name: 'Næste' }).click();

  // Step 2 of a new course: nobody yet. 'Opret' is refused for Thursday's leave: the server's message shows,
  // nothing typed is lost and no half-made course is left behind.
  await expect(dialog.getByText('Deltagerne vises her, når kurset er oprettet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Opret' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: OVERLAP })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Opret' })).toBeEnabled();
  expect((await api<{ total: number }>('getAllEvent', { token: clinic.token, page: 1, size: 10 })).body.total).toBe(0);
  await dialog.getByRole('tab', { name: 'Kursusdage' }).click();
  await expect(second.getByLabel(/^Dato/)).toHaveValue(thursday);
  await second.getByLabel(/^Fra/).selectOption('16:00');
  await toField(second).selectOption('18:00');
  await dialog.getByRole('tab', { name: 'Navn og beskrivelse' }).click();
  await expect(dialog.getByLabel(/^Titel/)).toHaveValue('Yoga for begyndere');
  await expect(description.locator('strong')).toHaveText('for alle');
  await dialog.getByRole('tab', { name: 'Deltagere' }).click();
  await dialog.getByRole('button', { name: 'Opret' }).click();
  await expectToast(page, 'Kurset er oprettet');
  await expect(dialog).toBeHidden();
  let row = page.getByRole('row', { name: /Yoga for begyndere/ });
  await expect(row).toContainText('Ida Holm');
  await expect(row).toContainText('1/2');
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  await expect(row).toContainText(`${formatDanishDate(at(tuesday, 10))} 10:00`);
  expect((await api<{ total: number }>('getAllEvent', { token: clinic.token, page: 1, size: 10 })).body.total).toBe(1);

  // Rename it; the description comes back formatted.
  await page.getByRole('button', { name: 'Rediger Yoga for begyndere' }).click();
  const edit = page.getByRole('dialog', { name: 'Rediger kursus' });
  await expect(edit.getByLabel(/^Titel/)).toHaveValue('Yoga for begyndere');
  await expect(edit.getByRole('textbox', { name: 'Beskrivelse' }).locator('strong')).toHaveText('for alle');
  await edit.getByLabel(/^Titel/).fill('Yoga for øvede');
  // 'Gem' also moves Thursday an hour and adds a third day (a week after Thursday, with its times).
  await edit.getByRole('tab', { name: 'Kursusdage' }).click();
  await day(edit, 2).getByLabel(/^Fra/).selectOption('17:00');
  await toField(day(edit, 2)).selectOption('19:00');
  await expect(day(edit, 2).getByText('Ændret')).toBeVisible();
  await edit.getByRole('button', { name: 'Tilføj kursusdag' }).click();
  await expect(day(edit, 3).getByText('Ikke gemt')).toBeVisible();
  await expect(day(edit, 3).getByLabel(/^Fra/)).toHaveValue('17:00');
  await edit.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Kurset er gemt');
  await expect(edit).toBeHidden();
  row = page.getByRole('row', { name: /Yoga for øvede/ });
  await expect(row.getByRole('cell').nth(3)).toHaveText('3');
  await expect(page.getByRole('row', { name: /Yoga for begyndere/ })).toHaveCount(0);
  await shot(page, 'desktop-list');

  // Three clients sign up online for Tuesday: two seats, so the third lands on the waiting list.
  const [tuesdayDay] = await courseDays(clinic, 'Yoga for øvede');
  await signUp(clinic, tuesdayDay!.id, 'Mette', 'Lund', '020290');
  await signUp(clinic, tuesdayDay!.id, 'Karen', 'Bech', '010170');
  const lotteEmail = uniqueEmail('lotte');
  const third = await signUp(clinic, tuesdayDay!.id, 'Lotte', 'Sørensen', '120388', lotteEmail);
  expect(third.data[0]!.isWaiting).toBe(true);

  // Step 2 shows, per day, the participants and the waiting list.
  await page.reload();
  await page.getByRole('button', { name: 'Rediger Yoga for øvede' }).click();
  await edit.getByRole('tab', { name: 'Deltagere' }).click();
  const tuesdaySection = edit.getByRole('region', { name: new RegExp(`^tirsdag ${formatDanishDate(at(tuesday, 10))}, 10:00–12:00`) });
  await expect(tuesdaySection.getByRole('heading', { name: 'Deltagere (2 af 2)' })).toBeVisible();
  await expect(tuesdaySection.getByRole('heading', { name: 'Venteliste (1)' })).toBeVisible();
  const [booked, waiting] = [tuesdaySection.getByRole('list').first(), tuesdaySection.getByRole('list').nth(1)];
  await expect(booked.getByRole('listitem')).toHaveText([/Mette Lund/, /Karen Bech/]);
  await expect(waiting.getByRole('listitem')).toHaveText([/Lotte Sørensen/]);
  const thursdaySection = edit.getByRole('region', { name: new RegExp(`^torsdag ${formatDanishDate(at(thursday, 17))}, 17:00–19:00`) });
  await expect(thursdaySection.getByText('Ingen deltagere endnu')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Opret' })).toBeDisabled();
  await shot(page, 'desktop-step2');

  // Remove a participant after 'Er du sikker?'.
  await tuesdaySection.getByRole('button', { name: 'Fjern Karen Bech' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Er du sikker?' });
  await expect(confirm).toContainText('Karen Bech fjernes fra kursusdagen. Pladsen går til Lotte Sørensen, den første på ventelisten');
  await confirm.getByRole('button', { name: 'Fjern' }).click();
  await expectToast(page, 'Deltageren er fjernet');
  // The freed seat went to the first on the waiting list, who was told by mail.
  await expect(tuesdaySection.getByRole('heading', { name: 'Deltagere (2 af 2)' })).toBeVisible();
  await expect(tuesdaySection.getByRole('heading', { name: 'Venteliste (0)' })).toBeVisible();
  await expect(booked.getByRole('listitem')).toHaveText([/Mette Lund/, /Lotte Sørensen/]);
  await expect(tuesdaySection.getByText('Karen Bech')).toHaveCount(0);
  expect((await waitForMail(lotteEmail)).subject).toBe('Du har fået en plads på Yoga for øvede');

  // Delete this Thursday after 'Er du sikker?'. What the user cares about: that Thursday is gone, the other
  // Thursday (a week later, same times) and Tuesday stay, and the list says 2 days once the dialog closes.
  const nextThursday = dayKey(monday, 10);
  const thisThursdayLabel = `torsdag ${formatDanishDate(at(thursday, 17))}, 17:00–19:00`;
  const days = edit.getByRole('group', { name: /^Dag \d+$/ });
  await edit.getByRole('tab', { name: 'Kursusdage' }).click();
  await expect(days).toHaveCount(3);
  await expect(days.filter({ hasText: 'tirsdag' })).toContainText('2 tilmeldt');
  await days.filter({ hasText: thisThursdayLabel }).getByRole('button', { name: /^Slet kursusdag/ }).click();
  await expect(confirm).toContainText(thisThursdayLabel);
  await confirm.getByRole('button', { name: 'Slet' }).click();
  await expectToast(page, 'Kursusdagen er slettet');
  // The confirmation must be gone first: while it is open the dialog behind it is hidden from the
  // accessibility tree, and a count taken then says nothing.
  await expect(confirm).toBeHidden();
  await expect(days).toHaveText([
    new RegExp(`^Dag 1\\s*tirsdag ${formatDanishDate(at(tuesday, 10))}, 10:00–12:00`),
    new RegExp(`^Dag 2\\s*torsdag ${formatDanishDate(at(nextThursday, 17))}, 17:00–19:00`),
  ]);
  await expect(edit.getByText(thisThursdayLabel)).toHaveCount(0);
  await edit.getByRole('button', { name: 'Luk' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  expect((await courseDays(clinic, 'Yoga for øvede')).map((date) => date.from)).toEqual([at(tuesday, 10), at(nextThursday, 17)]);

  // Delete the course after 'Er du sikker?'.
  await page.getByRole('button', { name: 'Slet Yoga for øvede' }).click();
  await expect(confirm).toContainText('Yoga for øvede slettes');
  await confirm.getByRole('button', { name: 'Slet' }).click();
  await expectToast(page, 'Kurset er slettet');
  await expect(page.getByText('Ingen kurser fundet')).toBeVisible();
  expect((await api<{ total: number }>('getAllEvent', { token: clinic.token, page: 1, size: 10 })).body.total).toBe(0);
});

test('phone: the list turns into cards and the dialog fits 390 px', async ({ browser }) => {
  const clinic = await clinicOnTrial('kursus-mobil');
  const monday = nextMonday();
  const course = await api<{ data: { id: string } }>('addEvent', { token: clinic.token, title: 'Mindfulness', description: '<p>Ro på <strong>hverdagen</strong></p>', limit: 8, min: 2 });
  expect(course.status).toBe(200);
  const dates = await api<{ data: { id: string }[] }>('addEventDates', {
    token: clinic.token,
    eventId: course.body.data.id,
    dates: [{ from: at(dayKey(monday, 2), 17), to: at(dayKey(monday, 2), 19), latestDays: 2 }],
  });
  expect(dates.status).toBe(200);
  await signUp(clinic, dates.body.data[0]!.id, 'Signe', 'Kjær', '010190');

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' });
  const page = await context.newPage();
  await logIn(page, clinic.email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/Kursus');
  const card = page.getByRole('article', { name: 'Mindfulness' });
  await expect(card).toContainText('2/8');
  await expect(card).toContainText(`${formatDanishDate(at(dayKey(monday, 2), 17))} 17:00`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'phone-list');

  await card.getByRole('button', { name: 'Rediger Mindfulness' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rediger kursus' });
  await expect(dialog.getByRole('textbox', { name: 'Beskrivelse' })).toContainText('Ro på hverdagen');
  const fits = async () => {
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  };
  await fits();
  await shot(page, 'phone-step0');
  await dialog.getByRole('button', { name: 'Næste' }).click();
  await expect(day(dialog, 1).getByLabel(/^Fra/)).toHaveValue('17:00');
  await fits();
  await shot(page, 'phone-step1');
  await dialog.getByRole('button', { name: 'Næste' }).click();
  await expect(dialog.getByText('Signe Kjær')).toBeVisible();
  await fits();
  await shot(page, 'phone-step2');
  await context.close();
});

test("the calendar's course card: the course's description, seats and participants", async ({ page }) => {
  const clinic = await clinicOnTrial('kursus-kort');
  const monday = nextMonday();
  const course = await api<{ data: { id: string } }>('addEvent', { token: clinic.token, title: 'Pilates', description: '<p>Styrk <strong>kernen</strong></p>', limit: 6, min: 1 });
  const dates = await api<{ data: { id: string }[] }>('addEventDates', {
    token: clinic.token,
    eventId: course.body.data.id,
    dates: [{ from: at(dayKey(monday, 1), 9), to: at(dayKey(monday, 1), 10), latestDays: 0 }],
  });
  await signUp(clinic, dates.body.data[0]!.id, 'Signe', 'Kjær', '010190');

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, clinic.email);
  await expect(page.locator('.fc-timegrid')).toBeVisible();
  await page.getByRole('button', { name: 'Næste' }).click();
  await page.locator('.fc-event.klinik-course', { hasText: 'Pilates' }).click();
  const card = page.getByRole('dialog', { name: 'Pilates' });
  await expect(card.getByText('1 af 6 optaget')).toBeVisible();
  await expect(card.getByText('Styrk kernen')).toBeVisible();
  await expect(card.getByText('Signe Kjær')).toBeVisible();
});
