/**
 * What every bench stack shares (scripts/bench.mjs and scripts/bench-ten-year.mjs, which run one after the other on
 * the same ports), and the way the bench writes straight into a running stack's database.
 */
import path from 'node:path';

export const BENCH_PORTS = { shell: 3200, mf_calendar: 3201, mf_clients: 3202, mf_invoices: 3203, mf_commerce: 3204, mf_admin: 3205, mf_booking: 3206, api: 4200 };

/** The health data keys of the bench's API (fixed, so a kept database stays readable from run to run). */
export const BENCH_KEYS = { data: `bench1:${Buffer.alloc(32, 5).toString('base64')}`, cprHash: Buffer.alloc(32, 6).toString('base64') };

/** The API of a bench stack: production mode (no answer-contract checks, no development routes), as a deployed API runs. */
export function benchApiEnv(smtpUrl) {
  return {
    SMTP_URL: smtpUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000000',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-tokens',
    DATA_ENCRYPTION_KEYS: BENCH_KEYS.data,
    CPR_HASH_KEY: BENCH_KEYS.cprHash,
  };
}

/** The API's `register` call of a bench clinic (password 'bench-kode'). */
export function benchRegistration(email) {
  return {
    action: 'register',
    therapistInfo: { nameFirst: 'Bench', nameLast: 'Mark', email, phone: '12345678', password: 'bench-kode', confirmPassword: 'bench-kode', newsletter: false, termsAccepted: true },
    companyInfo: { companyName: 'Bench Klinik', address: 'Vej 1', post: '8000', town: 'Aarhus', email: 'b@k.dk', phone: '12345678' },
  };
}

/** Runs `work(models, conn)` on a connection of its own to the stack's database (the API's compiled models), then closes it. */
export async function withModels(root, mongodbUri, work) {
  const { connectDatabase } = await import(path.join(root, 'api', 'dist', 'db', 'connect.js'));
  const { createModels } = await import(path.join(root, 'api', 'dist', 'models', 'index.js'));
  const conn = await connectDatabase(mongodbUri);
  try {
    return await work(createModels(conn), conn);
  } finally {
    await conn.close();
  }
}
