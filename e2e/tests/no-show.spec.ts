/**
 * A no-show and its fee: a client books a prepaid massage with a no-show fee on the public booking page's API, pays
 * on the sandbox's hosted checkout with a test card and lets the clinic keep the card for a fee. The visit is moved
 * to yesterday (the client did not come). The therapist opens it in the calendar, marks it 'Udeblevet' (shown on the
 * booking and in the legend), charges the fee after a question that says it comes from the saved card and how much,
 * and the client's page counts the no-show.
 */
import { SANDBOX_CARDS } from '@klinik/core';
import { copenhagenDateKey } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { api, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';

const DAY = 24 * 3600_000;

test("a no-show marked in the calendar, and its fee charged from the card saved at booking", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('udeblevet');
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const therapistId = (await api<{ data: { id: string } }>('getTherapist', { token })).body.data.id;
  const company = await api<{ data: Record<string, unknown> }>('getCompany', { token });
  const { logo: _logo, ...profile } = company.body.data;
  expect((await api('setCompany', { token, ...profile, CVR: '12345678', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' })).status).toBe(200);
  expect((await api('setClinicPaymentAccount', { token, provider: 'sandbox' })).status).toBe(200);
  // 400 kr. without VAT: 500 kr. paid at booking; 200 kr. if the client does not come.
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 400, duration: 45 * 60, pause: 15 * 60, vatExempt: false, paymentAtBooking: 'full', noShowFeeOre: 20_000 });
  expect(treatment.status).toBe(200);
  const today = copenhagenDateKey(Date.now());
  expect(
    (await api('addWeeklyOpeningHours', { token, pattern: { weekdays: [1, 2, 3, 4, 5, 6, 7], everyWeeks: 1, startDate: today, occurrences: 2, times: [{ start: '08:00', end: '16:00' }] } })).status,
  ).toBe(200);

  // The client books next Wednesday, accepts the rule and the saved card, and pays with a test card.
  const started = await api<{ data: { checkoutUrl: string } }>('startBookingPayment', {
    therapistId,
    treatmentId: treatment.body.data.id,
    from: at(dayKey(nextMonday(), 2), 9),
    reason: 'Ondt i lænden',
    consent: true,
    acceptRule: true,
    saveCard: true,
    client: { nameFirst: 'Signe', nameLast: 'Sørensen', CPR6Digit: '120388', CPRLast4Digit: '1234', email: uniqueEmail('signe'), phonePrivate: '20304050' },
  });
  expect(started.status).toBe(200);
  const paid = await fetch(started.body.data.checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: SANDBOX_CARDS.succeeds, expiry: '12/39', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const week = await api<{ data: { id: string; awaitingPayment: boolean; payment: { state: string } | null }[] }>('getBookingsFromTherapist', { token, from: nextMonday(), to: nextMonday() + 7 * DAY });
  expect(week.body.data).toMatchObject([{ awaitingPayment: false, payment: { state: 'paid' } }]);
  // The visit was yesterday (moved there by the clinic): it has begun, and the client did not come.
  const yesterday = copenhagenDateKey(Date.now() - DAY);
  expect((await api('setBooking', { token, id: week.body.data[0]!.id, from: at(yesterday, 9) })).status).toBe(200);

  await page.setViewportSize({ width: 1400, height: 1000 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  const legend = page.getByRole('list', { name: 'Farver' });
  await expect(legend.getByText('Udeblevet')).toBeVisible();
  await expect(legend.getByText('Afventer betaling')).toBeVisible();
  await page.getByRole('button', { name: 'Dag', exact: true }).click();
  await page.getByRole('button', { name: 'Forrige', exact: true }).click();
  await page.locator('.fc-event', { hasText: 'Signe Sørensen' }).click();
  const card = page.getByRole('dialog', { name: 'Signe Sørensen' });
  await expect(card).toContainText('500,00 kr. med kort');
  await card.getByRole('button', { name: 'Marker som udeblevet' }).click();
  await expectToast(page, 'Bookingen er markeret som udeblevet');
  await expect(card).toContainText('Udeblevet');
  await expect(card).toContainText('200,00 kr., ikke opkrævet');
  await expect(page.locator('.fc-event.klinik-booking-noshow', { hasText: 'Signe Sørensen' })).toBeVisible();

  await card.getByRole('button', { name: 'Opkræv udeblivelsesgebyr' }).click();
  const question = page.getByRole('alertdialog', { name: 'Opkræv udeblivelsesgebyr' });
  await expect(question).toContainText('Gebyret på 200,00 kr. trækkes på det kort, klienten gemte ved bookingen');
  await question.getByRole('button', { name: 'Opkræv' }).click();
  await expectToast(page, 'Gebyret på 200,00 kr. er trukket på klientens gemte kort');
  await expect(card).toContainText('200,00 kr., trukket på klientens kort');
  await expect(card.getByRole('button', { name: 'Opkræv udeblivelsesgebyr' })).toHaveCount(0);
  // A charged fee keeps the mark.
  await expect(card.getByRole('button', { name: 'Fortryd udeblevet' })).toHaveCount(0);

  // The fee's invoice, paid by card; and the client's page counts the no-show.
  const invoices = await api<{ result: { totalOre: number; payment: { status: string; method: string | null } | null }[] }>('getAllInvoice', { token, status: 'all', size: 15 });
  expect(invoices.body.result).toEqual(expect.arrayContaining([expect.objectContaining({ totalOre: 20_000, payment: expect.objectContaining({ status: 'paid', method: 'card' }) })]));
  await card.getByRole('button', { name: 'Stamjournal og Stamdata' }).or(card.getByRole('button', { name: 'Journal' })).click();
  await expect(page.getByText('Udeblevet 1 gang')).toBeVisible();
});
