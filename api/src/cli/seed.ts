/**
 * `npm run seed`: a demo clinic to click through: the owner, one more therapist, an active free trial, a few
 * treatments, and the owner's practice brought in as an import of a sample export made at the moment of seeding
 * (domain/import/samples.ts through the import's own engine): clients, a calendar of past weeks and the two weeks
 * ahead, and invoices with their old numbers; then journals of the owner's bookings of the last three weeks and a
 * course ('Rygskole') on the next two Saturdays with participants. Running it again changes nothing and prints the
 * same logins.
 */
import { Types } from 'mongoose';
import { copenhagenDateKey, copenhagenWallTime, DAY_MS, expandWeeklyPattern, REGISTRATION_TRIAL_MS } from '@klinik/core';
import { createModels, type Models } from '../models/index.js';
import { hashPassword } from '../domain/accounts/passwords.js';
import { registerClinic } from '../domain/accounts/register.js';
import { tenantDb, type TenantDb } from '../data/tenant-db.js';
import { joinCourseDay } from '../domain/courses/participants.js';
import { writeImport } from '../domain/import/engine.js';
import { generateSampleExport, sampleImportSet } from '../domain/import/samples.js';
import { usersPageTrial } from '../domain/therapists/trial.js';
import { useApiDataKeys, withDatabase } from './database.js';

export const DEMO = {
  owner: { email: 'ejer@demo-klinik.dk', password: 'demo-klinik-1234', nameFirst: 'Mette', nameLast: 'Ørsted' },
  therapist: { email: 'terapeut@demo-klinik.dk', password: 'demo-klinik-1234', nameFirst: 'Jonas', nameLast: 'Bæk' },
  clinic: 'Demo Fysioterapi',
} as const;

/** The demo owner's imported practice: some twelve weeks of history and the two weeks ahead. */
export const DEMO_PRACTICE = { clients: 80, treatments: 6, bookings: 600, invoices: 150 } as const;

const TREATMENTS = [
  { name: 'Første konsultation', minutes: 60, pauseMinutes: 10, price: 650 },
  { name: 'Opfølgende behandling', minutes: 45, pauseMinutes: 5, price: 495 },
  { name: 'Sportsmassage', minutes: 30, pauseMinutes: 5, price: 375 },
] as const;

async function ensureTreatments(models: Models, therapistId: Types.ObjectId, companyId: Types.ObjectId) {
  for (const treatment of TREATMENTS) {
    await models.Treatment.updateOne(
      { companyId, therapistId, name: treatment.name },
      {
        $setOnInsert: {
          companyId,
          therapistId,
          name: treatment.name,
          duration: treatment.minutes * 60,
          pause: treatment.pauseMinutes * 60,
          priceOre: treatment.price * 100,
        },
      },
      { upsert: true },
    );
  }
}

/** What a physiotherapist writes after a treatment: effect, treatment, follow-up, remark. */
const JOURNAL_TEXTS = [
  ['Mindre smerte i lænden efter sidst, sover bedre.', 'Mobilisering af lændecolumna, bløddelsbehandling af m. quadratus lumborum.', 'Fortsætter hjemmeøvelser 2 × dagligt.', ''],
  ['Nakken er stadig stiv om morgenen.', 'Massage af øvre trapezius, udspænding, øvelser for dybe nakkefleksorer.', 'Ny tid om en uge.', 'Arbejder meget ved skærm.'],
  ['Knæet kan nu bøjes uden smerte til 110°.', 'Styrketræning af quadriceps, balanceøvelser på vippebræt.', 'Øger belastningen næste gang.', ''],
  ['Skulderen er bedre, men smerter ved løft over hovedhøjde.', 'Triggerpunktsbehandling af m. infraspinatus, rotator cuff-øvelser.', 'Kontrol om to uger.', 'Spiller badminton.'],
] as const;

/** Journals of the owner's bookings of the last three weeks (a journal's id is its booking's, as `addJournal` makes it). */
async function seedJournals(db: TenantDb, therapistId: Types.ObjectId, therapistName: string, now: number): Promise<void> {
  const booked = await db.Booking.find({ therapistId, from: { $gte: now - 21 * DAY_MS, $lt: now - 3_600_000 } }).sort({ from: -1 }).limit(20).lean();
  for (const [index, booking] of booked.entries()) {
    if (!booking.treatmentId) continue;
    const [effect, treatment, followUp, remark] = JOURNAL_TEXTS[index % JOURNAL_TEXTS.length]!;
    const at = Math.min(booking.to + 3_600_000, now);
    await db.Journal.create({
      _id: booking._id,
      clientId: booking.clientId,
      therapistId,
      treatmentId: booking.treatmentId,
      from: booking.from,
      to: booking.to,
      treatmentName: booking.treatmentName ?? '',
      effect,
      treatment,
      followUp,
      remark,
      firstInputEffectDate: at,
      firstInputTreatmentUpDate: at,
      firstInputFollowUpDate: at,
      firstInputRemarkUpDate: remark ? at : null,
      updatedBy: therapistName,
    });
    await db.Booking.updateOne({ _id: booking._id }, { $set: { journalId: booking._id }, $inc: { version: 1 } });
  }
}

/**
 * Opening hours, Monday to Friday 08:00–18:00, from three weeks back to four weeks ahead: the demo's week is white
 * where the clinic is open (spec 2: openings white), and its online booking offers times (clients book only inside
 * opening hours).
 */
async function seedOpeningHours(db: TenantDb, therapistIds: Types.ObjectId[], now: number): Promise<void> {
  const intervals = expandWeeklyPattern({ weekdays: [1, 2, 3, 4, 5], everyWeeks: 1, startDate: copenhagenDateKey(now - 21 * DAY_MS), occurrences: 8, times: [{ start: '08:00', end: '18:00' }] });
  for (const therapistId of therapistIds) {
    await db.OpeningHours.insertMany(intervals.map((interval) => ({ therapistId, from: interval.from, to: interval.to, createdAt: now })));
  }
}

/** 'Rygskole' on the next two Saturdays, 10:00–11:30 (the calendar's weekdays are full), eight seats, six taken. */
async function seedCourse(db: TenantDb, therapistId: Types.ObjectId, now: number): Promise<void> {
  const course = await db.Event.create({
    therapistId,
    title: 'Rygskole',
    description: '<p>Seks ugers holdtræning for dig med ondt i ryggen: øvelser, viden om smerter og gode vaner i hverdagen.</p>',
    limit: 8,
    min: 3,
  });
  const [year, month, day] = copenhagenDateKey(now).split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const clients = await db.Client.find({ email: { $ne: '' } }, { nameFirst: 1, nameLast: 1, email: 1 }).sort({ _id: 1 }).limit(6).lean();
  for (const weeks of [0, 1]) {
    const saturday = new Date(Date.UTC(year, month - 1, day + ((6 - weekday + 7) % 7 || 7) + 7 * weeks));
    const at = (hour: number, minute: number) => copenhagenWallTime(saturday.getUTCFullYear(), saturday.getUTCMonth() + 1, saturday.getUTCDate(), hour, minute);
    const id = new Types.ObjectId();
    const date = { from: at(10, 0), to: at(11, 30) };
    await db.slots.claimFor(therapistId, date, id, 'course', now, () =>
      db.EventDate.create({ _id: id, therapistId, eventId: course._id, from: date.from, to: date.to, latestDays: 1 }),
    );
    for (const client of clients) await joinCourseDay(db, { _id: id, eventId: course._id }, client, course.limit);
  }
}

/** The demo accounts are found by username, before their clinic is known (like a sign-in). */
const BY_USERNAME = { crossTenant: 'seed: the demo accounts by username' };

export async function seedDemoClinic(models: Models, now = Date.now()) {
  let owner = await models.Therapist.findOne({ username: DEMO.owner.email }).setOptions(BY_USERNAME).lean();
  if (!owner) {
    await registerClinic(
      models,
      {
        therapistInfo: {
          nameFirst: DEMO.owner.nameFirst,
          nameLast: DEMO.owner.nameLast,
          email: DEMO.owner.email,
          phone: '+4512345678',
          password: DEMO.owner.password,
          confirmPassword: DEMO.owner.password,
          newsletter: false,
          termsAccepted: true,
        },
        companyInfo: {
          companyName: DEMO.clinic,
          CVR: '12345678',
          address: 'Nørregade 12',
          post: '8000',
          town: 'Aarhus C',
          email: 'kontakt@demo-klinik.dk',
          phone: '+4586123456',
        },
      },
      now,
      // The demo addresses receive no mail: the demo clinic may mail its (demo) clients at once.
      { confirmed: true },
    );
    owner = await models.Therapist.findOne({ username: DEMO.owner.email }).setOptions(BY_USERNAME).lean();
    // The bank details an invoice needs (registration does not ask for them): the demo's bookings can be invoiced at
    // once. Only when the clinic is made, so a second run leaves what the user has changed.
    if (owner) await models.Company.updateOne({ _id: owner.companyId }, { $set: { regNumber: '1234', accountNumber: '0012345678' } });
  }
  if (!owner) throw new Error('The demo owner could not be created');
  await models.Company.updateOne(
    { _id: owner.companyId, planType: 'empty' },
    { $set: { planType: 'freeTrial', status: 'active', trial: now + REGISTRATION_TRIAL_MS } },
  );
  const therapist =
    (await models.Therapist.findOne({ username: DEMO.therapist.email }).setOptions(BY_USERNAME).lean()) ??
    (
      await models.Therapist.create({
        companyId: owner.companyId,
        username: DEMO.therapist.email,
        passwordHash: await hashPassword(DEMO.therapist.password),
        nameFirst: DEMO.therapist.nameFirst,
        nameLast: DEMO.therapist.nameLast,
        email: DEMO.therapist.email,
        phone: '+4522334455',
        isAdmin: false,
        colors: ['#ffffff', '#2e7d6b'],
        // As the users page makes a colleague: a 90-day trial of their own (domain/therapists/trial.ts).
        ...usersPageTrial(now),
      })
    ).toObject();
  await ensureTreatments(models, owner._id, owner.companyId);
  await ensureTreatments(models, therapist._id, owner.companyId);
  const db = tenantDb(models, owner.companyId);
  // Once: a later run would place the calendar around a later day, beside the first.
  if (!(await db.Client.exists({}))) {
    const practice = generateSampleExport({ seed: 7, now, ...DEMO_PRACTICE });
    await writeImport(db, owner._id, sampleImportSet(practice), now);
    await seedJournals(db, owner._id, `${owner.nameFirst} ${owner.nameLast}`, now);
    await seedCourse(db, owner._id, now);
    await seedOpeningHours(db, [owner._id, therapist._id], now);
  }
  return { companyId: owner.companyId.toString() };
}

export async function runSeedCli(): Promise<number> {
  // The same data keys as the API (the generated ones in .data/secrets.json, or DATA_ENCRYPTION_KEYS): the imported
  // clients' CPR numbers are stored encrypted and found by their keyed hash.
  useApiDataKeys();
  return withDatabase(async (conn) => {
    const models = createModels(conn);
    await Promise.all(Object.values(models).map((model) => model.init()));
    await seedDemoClinic(models);
    console.log(`
  Demo clinic "${DEMO.clinic}" is ready (free trial active, ${TREATMENTS.length} treatments per therapist, and the
  owner's practice imported: clients, a calendar of past weeks and the two weeks ahead, journals, invoices, and a
  course on the next two Saturdays; opening hours on weekdays, so its online booking offers times).

  Owner       ${DEMO.owner.email}  /  ${DEMO.owner.password}
  Therapist   ${DEMO.therapist.email}  /  ${DEMO.therapist.password}
`);
    return 0;
  });
}
