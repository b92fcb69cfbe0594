/**
 * The authorization matrix: every action × every kind of caller. The table must name every action in the
 * registry, so a new action without an expected row fails here before it can ship.
 *
 * 'ok' means the caller gets past access control (the answer may still be 400 for the empty input used here);
 * 401 and 403 mean refused before the handler runs.
 */
import { actions, type ActionName } from '@klinik/core';
import { createTeamUser } from '../src/domain/accounts/team-users.js';
import { registerAndLogin, uniqueEmail } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

const CALLERS = ['anonymous', 'therapist', 'owner', 'otherClinicOwner', 'noPlanOwner', 'team', 'superadmin'] as const;
type Caller = (typeof CALLERS)[number];
type Outcome = 'ok' | 401 | 403;

const publicRow: Record<Caller, Outcome> = { anonymous: 'ok', therapist: 'ok', owner: 'ok', otherClinicOwner: 'ok', noPlanOwner: 'ok', team: 'ok', superadmin: 'ok' };
const therapistRow: Record<Caller, Outcome> = { anonymous: 401, therapist: 'ok', owner: 'ok', otherClinicOwner: 'ok', noPlanOwner: 'ok', team: 403, superadmin: 403 };
const ownerRow: Record<Caller, Outcome> = { anonymous: 401, therapist: 403, owner: 'ok', otherClinicOwner: 'ok', noPlanOwner: 'ok', team: 403, superadmin: 403 };
/** Needs the pro plan (an active free trial counts): a clinic without a plan is refused. */
const proRow: Record<Caller, Outcome> = { ...therapistRow, noPlanOwner: 403 };
/** The platform administrator only. */
const superadminRow: Record<Caller, Outcome> = { anonymous: 401, therapist: 403, owner: 403, otherClinicOwner: 403, noPlanOwner: 403, team: 403, superadmin: 'ok' };
/** The support team only. */
const teamRow: Record<Caller, Outcome> = { anonymous: 401, therapist: 403, owner: 403, otherClinicOwner: 403, noPlanOwner: 403, team: 'ok', superadmin: 403 };
/** The owner only, with the pro plan. */
const proOwnerRow: Record<Caller, Outcome> = { ...ownerRow, noPlanOwner: 403 };

const expected: Record<ActionName, Record<Caller, Outcome>> = {
  login: publicRow,
  register: publicRow,
  checkUsername: publicRow,
  resetPassword: publicRow,
  resetPasswordWithToken: publicRow,
  therapistSetPassword: publicRow,
  adminCheck: publicRow,
  teamLogin: publicRow,
  getCompaniesSuperadmin: superadminRow,
  setCompanySuperadmin: superadminRow,
  getCompanyTherapistsSuperadmin: superadminRow,
  getCompanyYTD: superadminRow,
  disableCompany: superadminRow,
  deleteCompany: superadminRow,
  adminGetTherapists: superadminRow,
  getAdminAuditLog: superadminRow,
  getTherapistsSupport: teamRow,
  addSupportHelp: teamRow,
  addSupportMeeting: teamRow,
  checkSupportMeetingAndgHelp: teamRow,
  getSupportUploads: ownerRow,
  importCsv: ownerRow,
  importSupportUpload: ownerRow,
  getImport: ownerRow,
  getImportAccess: therapistRow,
  confirmEmail: publicRow,
  checkPassword: therapistRow,
  setPassword: therapistRow,
  getTherapist: therapistRow,
  logout: therapistRow,
  twoFactorSetup: therapistRow,
  twoFactorEnable: therapistRow,
  twoFactorDisable: therapistRow,
  purchasedFreePlanSubscription: ownerRow,
  getAllTreatment: therapistRow,
  getTreatment: therapistRow,
  getTreatmentsFromTherapist: therapistRow,
  getAvailableTreatmentsFromTherapist: therapistRow,
  addTreatment: proRow,
  setTreatment: proRow,
  deleteTreatment: proRow,
  getBookingsFromTherapist: proRow,
  getBooking: proRow,
  addBooking: proRow,
  setBooking: proRow,
  deleteBooking: proRow,
  markNoShow: proRow,
  chargeNoShowFee: proRow,
  refundBookingPayment: proRow,
  addBookingSeries: proRow,
  setBookingSeries: proRow,
  deleteBookingSeries: proRow,
  getBookingsFromClient: proRow,
  getLeavesForDay: proRow,
  addLeave: proRow,
  deleteLeave: proRow,
  getOpeningHoursFromTherapist: proRow,
  addOpeningHours: proRow,
  addWeeklyOpeningHours: proRow,
  deleteOpeningHours: proRow,
  getClientsFromTherapistCompany: therapistRow,
  getAllEvent: proRow,
  addEvent: proRow,
  setEvent: proRow,
  deleteEvent: proRow,
  addEventDates: proRow,
  setEventDate: proRow,
  deleteEventDate: proRow,
  getEvent: proRow,
  getEventsFromTherapist: proRow,
  getEventDatesFromTherapist: proRow,
  getEventDateClientsFromTherapist: proRow,
  deleteEventDateClient: proRow,
  getCompanyTherapists: therapistRow,
  clientGetTherapistInfo: publicRow,
  clientGetTreatmentsFromTherapist: publicRow,
  clientGetEventsFromTherapist: publicRow,
  clientGetEventDatesFromTherapist: publicRow,
  clientGetAvailable: publicRow,
  getClientsFromTherapistCompanyOnlineBooking: publicRow,
  clientAddBooking: publicRow,
  startBookingPayment: publicRow,
  getBookingPayment: publicRow,
  clientAddEventDateClients: publicRow,
  clientUnsubscribe: publicRow,
  requestClientPortalLink: publicRow,
  clientPortalSignIn: publicRow,
  clientPortalSignOut: publicRow,
  getClientPortal: publicRow,
  getClientPortalInvoice: publicRow,
  getClientPortalFreeTimes: publicRow,
  clientPortalCancelBooking: publicRow,
  clientPortalMoveBooking: publicRow,
  clientPortalAddBooking: publicRow,
  setClientPortalDetails: publicRow,
  confirmClientPortalEmail: publicRow,
  clientPortalExport: publicRow,
  requestClientPortalJournal: publicRow,
  getOnlineBookingSettings: therapistRow,
  getHolidays: proRow,
  getHolidaySettings: therapistRow,
  setHolidaySettings: proOwnerRow,
  getRooms: therapistRow,
  addRoom: proOwnerRow,
  setRoom: proOwnerRow,
  deleteRoom: proOwnerRow,
  setTreatmentRooms: proOwnerRow,
  // The caller's own calendar feed: seeing and ending it needs no plan, a new address does.
  getCalendarFeed: therapistRow,
  renewCalendarFeed: proRow,
  deleteCalendarFeed: therapistRow,
  addWaitlistEntry: proRow,
  getWaitlist: proRow,
  removeWaitlistEntry: proRow,
  clientPortalJoinWaitlist: publicRow,
  clientJoinWaitlist: publicRow,
  getWaitlistOffer: publicRow,
  acceptWaitlistOffer: publicRow,
  setOnlineBookingSettings: proRow,
  getPublicSubmissions: proRow,
  acceptPublicSubmission: proRow,
  rejectPublicSubmission: proRow,
  rejectPublicSubmissions: proRow,
  getAllClient: proRow,
  getClient: proRow,
  setClient: proRow,
  deleteClient: proRow,
  getClientLastDigit: proRow,
  addClient: proRow,
  getClientFormFields: proRow,
  addClientFormField: proRow,
  setClientFormField: proRow,
  deleteClientFormField: proRow,
  getJournalFromBooking: proRow,
  getJournalsFromClient: proRow,
  addJournal: proRow,
  setJournal: proRow,
  getCustomFieldsFromJournal: proRow,
  getCustomFieldsFromClientIsNotJournal: proRow,
  addCustomField: proRow,
  setCustomField: proRow,
  deleteCustomField: proRow,
  saveFieldComment: proRow,
  getClientHistory: proRow,
  uploadImages: proRow,
  getImages: proRow,
  deleteImage: proRow,
  getStorageUsage: therapistRow,
  // The cloud-drive backup: the status and signing out for any therapist, the rest with the pro plan (and
  // the clinic's drive add-on, which signInAll gives the two clinics, so 'ok' is not its 403).
  getGoogleDriveStatus: therapistRow,
  getGoogleDriveConnectUrl: proRow,
  connectGoogleDrive: proRow,
  getGoogleDriveQuota: proRow,
  getGoogleDriveFiles: proRow,
  createGoogleDriveFolder: proRow,
  uploadGoogleDriveFile: proRow,
  deleteGoogleDriveFile: proRow,
  signOutGoogleDrive: therapistRow,
  setGoogleUploadForClientProfile: proRow,
  setGoogleUploadForJournalImage: proRow,
  getPublicClientForm: publicRow,
  clientSubmitClientForm: publicRow,
  getInvoicePreview: proRow,
  addInvoice: proRow,
  getInvoice: proRow,
  getAllInvoice: proRow,
  getInvoicesByBookingIds: proRow,
  getMergedInvoicesByClient: proRow,
  getInvoicesForPeriod: proRow,
  addMergedInvoice: proRow,
  setMergedInvoice: proRow,
  deleteInvoice: proRow,
  invoiceMail: proRow,
  setInvoicePaid: proRow,
  setInvoiceUnpaid: proOwnerRow,
  sendInvoiceReminder: proRow,
  getCompany: therapistRow,
  setCompany: ownerRow,
  uploadCompanyLogo: ownerRow,
  getCvrFromNumber: therapistRow,
  addCvrNumber: ownerRow,
  setCvrCounter: ownerRow,
  // Commerce: owner-only and never plan-gated (a clinic whose trial ran out must be able to pay).
  getAllAddOn: therapistRow,
  singleTimePayment: ownerRow,
  createSubscription: ownerRow,
  cancelSubscription: ownerRow,
  freeAddOnWithProPlan: ownerRow,
  cancelFreeAddOnWithProPlan: ownerRow,
  singleTimePaymentSuccess: ownerRow,
  purchasedProPlanSubscription: ownerRow,
  cancelProPlanSubscription: ownerRow,
  cancelTherapistAllSubscription: ownerRow,
  getTherapistAllPurchasedSubscription: ownerRow,
  getSubscriptionSettings: ownerRow,
  getAllCompanyCustomPaymentCards: ownerRow,
  paymentCardAddOrNot: ownerRow,
  addPaymentMethod: ownerRow,
  updateSubscriptionPaymentMethod: ownerRow,
  updateAllPaymentMethod: ownerRow,
  getCustomerAllTransaction: ownerRow,
  registerInvoice: ownerRow,
  // Therapist administration has no plan gate: an owner can always manage, stop and deactivate colleagues.
  getAllTherapistByCompany: ownerRow,
  addTherapistByCompany: ownerRow,
  updateTherapistByCompany: ownerRow,
  deleteTherapistByCompany: ownerRow,
  getAllOccupation: therapistRow,
  addTherapist: ownerRow,
  getAllTherapist: ownerRow,
  getAllTherapistWithAdmin: ownerRow,
  setOwnerByCompany: ownerRow,
  setTherapistAvailable: therapistRow,
  setTherapist: therapistRow,
  adminPurchaseTherapistFreeSubscription: ownerRow,
  adminPurchaseTherapistProSubscription: ownerRow,
  adminCancelTherapistSubscription: ownerRow,
  getVismaConnectUrl: proOwnerRow,
  updateClientDineroData: proOwnerRow,
  syncDinero: proOwnerRow,
  getAccountingTransfer: ownerRow,
  disconnectDinero: ownerRow,
  getDineroStatus: therapistRow,
  // Contact
  getTherapistNewsletters: proRow,
  addNewsletter: proRow,
  setNewsletter: proRow,
  deleteNewsletter: proRow,
  sendNewsletterToAll: proRow,
  sendNewsletterToSelection: proRow,
  getNewsletterSends: proRow,
  getClientsFromTherapistNewsletterList: proRow,
  getFollowUpSettings: therapistRow,
  saveFollowUpSettings: proRow,
  getScheduledMessages: proRow,
  getSentMessages: proRow,
  getSmsUsage: therapistRow,
  setSmsSettings: proOwnerRow,
  newsletterSignup: publicRow,
  confirmNewsletterSignup: publicRow,
  // The access log: the owner reads it (also without a plan: the log of reads made under one stays readable)
  getAccessLog: ownerRow,
  getClientAccessLog: ownerRow,
  logClientPrint: proRow,
  getStatistics: proRow,
  exportStatistics: proRow,
  getYearStatement: proOwnerRow,
  // The clinic's own payment account: every therapist sees whether it is connected; only the owner connects it.
  getClinicPaymentAccount: therapistRow,
  setClinicPaymentAccount: ownerRow,
};

let t: TestApi;
const tokens = {} as Record<Caller, string | undefined>;

async function signInAll() {
  const owner = await registerAndLogin(t);
  const other = await registerAndLogin(t);
  const noPlan = await registerAndLogin(t);
  for (const clinic of [owner, other]) expect((await t.call('purchasedFreePlanSubscription', {}, clinic.token)).status).toBe(200);
  // The drive actions answer 403 without the cloud-drive add-on: the two clinics have it, so the rows test access alone.
  await t.models.Company.updateMany({ _id: { $in: [owner.companyId, other.companyId] } }, { $set: { driveAddOnActive: true } });
  const colleague = uniqueEmail('kollega');
  const { Therapist } = t.models;
  const ownerDoc = await Therapist.findById(owner.therapistId).lean();
  await Therapist.create({ ...ownerDoc, _id: undefined, username: colleague, email: colleague, isAdmin: false });
  const therapistLogin = await t.call('login', { username: colleague, password: owner.password });
  await createTeamUser(t.models, 'matrix-team@klinik.test', 'team-kodeord-1');
  tokens.anonymous = undefined;
  tokens.owner = owner.token;
  tokens.otherClinicOwner = other.token;
  tokens.noPlanOwner = noPlan.token;
  tokens.therapist = therapistLogin.body.token;
  tokens.team = (await t.call('teamLogin', { username: 'matrix-team@klinik.test', password: 'team-kodeord-1' })).body.teamToken;
  tokens.superadmin = (await t.call('adminCheck', { username: 'admin', password: 'admin-test-password' })).body.adminToken;
}

beforeAll(async () => {
  t = await startTestApi();
  await signInAll();
});
afterAll(async () => {
  await t.close();
});

it('has an expected row for every action in the registry, and no row for actions that do not exist', () => {
  expect(Object.keys(expected).sort()).toEqual(Object.keys(actions).sort());
});

// Two actions change the callers themselves, so they run last: the free trial gives the clinic without a plan
// a plan, and logout ends the caller's sessions.
const LAST: ActionName[] = ['purchasedFreePlanSubscription', 'logout'];
const order = [...(Object.keys(actions) as ActionName[]).filter((name) => !LAST.includes(name)), ...LAST];

describe.each(order)('%s', (action) => {
  it.each(CALLERS)('as %s', async (caller) => {
    const answer = await t.post({ action, ...(tokens[caller] ? { token: tokens[caller] } : {}) });
    const outcome = expected[action][caller];
    if (outcome === 'ok') {
      expect([401, 403]).not.toContain(answer.status);
      expect(answer.status).toBeLessThan(500);
    } else {
      expect(answer.status).toBe(outcome);
    }
  });
});
