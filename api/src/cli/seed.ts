/**
 * `npm run seed`: a demo clinic to click through: the owner, one more therapist, an active free trial, a few
 * treatments, and the owner's practice brought in as an import of a sample export made at the moment of seeding
 * (domain/import/samples.ts through the import's own engine): clients, a calendar of past weeks and the two weeks
 * ahead, and invoices with their old numbers. Running it again changes nothing and prints the same logins.
 */
import { Types } from 'mongoose';
import { REGISTRATION_TRIAL_MS } from '@klinik/core';
import { createModels, type Models } from '../models/index.js';
import { hashPassword } from '../domain/accounts/passwords.js';
import { registerClinic } from '../domain/accounts/register.js';
import { tenantDb } from '../data/tenant-db.js';
import { writeImport } from '../domain/import/engine.js';
import { generateSampleExport, sampleImportSet } from '../domain/import/samples.js';
import { configFromEnv } from '../config.js';
import { dataDir } from '../paths.js';
import { useDataKeyring } from '../security/encryption.js';
import { withDatabase } from './database.js';

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
      })
    ).toObject();
  await ensureTreatments(models, owner._id, owner.companyId);
  await ensureTreatments(models, therapist._id, owner.companyId);
  const db = tenantDb(models, owner.companyId);
  // Once: a later run would place the calendar around a later day, beside the first.
  if (!(await db.clinic.Client.exists({}))) {
    const practice = generateSampleExport({ seed: 7, now, ...DEMO_PRACTICE });
    await writeImport(db, owner._id, sampleImportSet(practice), now);
  }
  return { companyId: owner.companyId.toString() };
}

export async function runSeedCli(): Promise<number> {
  // The same data keys as the API (the generated ones in .data/secrets.json, or DATA_ENCRYPTION_KEYS): the imported
  // clients' CPR numbers are stored encrypted and found by their keyed hash.
  useDataKeyring(configFromEnv(process.env, dataDir()).dataKeyring);
  return withDatabase(async (conn) => {
    const models = createModels(conn);
    await Promise.all(Object.values(models).map((model) => model.init()));
    await seedDemoClinic(models);
    console.log(`
  Demo clinic "${DEMO.clinic}" is ready (free trial active, ${TREATMENTS.length} treatments per therapist, and the
  owner's practice imported: clients, a calendar of past weeks and the two weeks ahead, invoices).

  Owner       ${DEMO.owner.email}  /  ${DEMO.owner.password}
  Therapist   ${DEMO.therapist.email}  /  ${DEMO.therapist.password}
`);
    return 0;
  });
}
