/**
 * A therapist of the same clinic who is not the owner. No action creates one yet (the therapist administration is
 * a later issue), so it is written the way the API's own tests do (api/test/support/fixtures.ts `colleagueOf`),
 * through the API's compiled models, with a password hashed by the API's own function.
 */
import path from 'node:path';
import { api, uniqueEmail } from './helpers';

const root = path.resolve(import.meta.dirname, '..', '..');

export const COLLEAGUE_PASSWORD = 'kollega-kode';

export async function addColleague(ownerToken: string): Promise<{ email: string }> {
  const uri = process.env.KLINIK_E2E_MONGODB_URI;
  if (!uri) throw new Error('KLINIK_E2E_MONGODB_URI is set by the global setup');
  const owner = await api<{ data: { company: { id: string } } }>('getTherapist', { token: ownerToken });
  const { connectDatabase } = (await import(path.join(root, 'api', 'dist', 'db', 'connect.js'))) as typeof import('../../api/src/db/connect.js');
  const { createModels } = (await import(path.join(root, 'api', 'dist', 'models', 'index.js'))) as typeof import('../../api/src/models/index.js');
  const { hashPassword } = (await import(path.join(root, 'api', 'dist', 'domain', 'accounts', 'passwords.js'))) as typeof import('../../api/src/domain/accounts/passwords.js');
  const email = uniqueEmail('kollega');
  const conn = await connectDatabase(uri);
  try {
    await createModels(conn).Therapist.create({
      companyId: owner.body.data.company.id,
      username: email,
      email,
      nameFirst: 'Jonas',
      nameLast: 'Bæk',
      passwordHash: await hashPassword(COLLEAGUE_PASSWORD),
      isAdmin: false,
    });
  } finally {
    await conn.close();
  }
  return { email };
}
