/** The end-to-end stack's ports: apart from `npm start`'s (3000–3006, 4000), so both can run at once. */
export const E2E_PORTS = {
  shell: 3100,
  mf_calendar: 3101,
  mf_clients: 3102,
  mf_invoices: 3103,
  mf_commerce: 3104,
  mf_admin: 3105,
  mf_booking: 3106,
  api: 4100,
  smtp: 2625,
  inbox: 4199,
} as const;

/**
 * A second stack for the journeys that move the API's clock (POST /dev/clock moves it for every clinic of its API):
 * its own database, API and frontends, so those journeys run beside the others instead of after them.
 */
export const E2E_CLOCK_PORTS = {
  shell: 3110,
  mf_calendar: 3111,
  mf_clients: 3112,
  mf_invoices: 3113,
  mf_commerce: 3114,
  mf_admin: 3115,
  mf_booking: 3116,
  api: 4110,
} as const;

/** The e2e stack's development administrator (ADMIN_USERNAME/ADMIN_PASSWORD; api/src/config.ts devAdmin). */
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-adgangskode' } as const;
export const E2E_TEAM_USER = { username: 'support@klinik.test', password: 'support-kodeord-1' } as const;
