/**
 * What a handler gets: the verified caller, the services, and nothing taken from the body on trust. The dispatcher
 * builds the context that the action's declared access allows (actions/types.ts narrows the handler's type to it):
 *
 * - PublicContext: anyone. No clinic data until the action names a clinic through something it can check (a
 *   therapist id on a public page, a signed link), then `tenant(companyId)`; `platform` for the few steps that must
 *   look across clinics (sign-in by username), each saying why with the `crossTenant` query option.
 * - TherapistContext / OwnerContext: a signed-in therapist (the owner: `isAdmin`), with `db` scoped to the clinic and
 *   to the therapist's own data where the model's rule says so (data/tenant-db.ts). No platform access.
 * - SuperadminContext, TeamContext: the platform administrator and the support team.
 *
 * Domain code imports this file, never endpoint/: HTTP stays in endpoint/ and app.ts.
 */
import type { Logger } from 'pino';
import type { Types } from 'mongoose';
import type { AccountingProvider } from './adapters/accounting/provider.js';
import type { ApiConfig } from './config.js';
import type { BlobSigner, BlobStore } from './adapters/blobs/index.js';
import type { DriveProvider } from './adapters/drive/provider.js';
import type { Mailer } from './adapters/mail/index.js';
import type { MerchantGateways } from './adapters/payments/merchant.js';
import type { PaymentProvider } from './adapters/payments/provider.js';
import type { SmsGateway } from './adapters/sms/index.js';
import { clinicLinkTokens, ownLinkTokens, type ClinicLinkTokens, type OwnLinkTokens } from './domain/accounts/link-tokens.js';
import { ownTwoFactor, type OwnTwoFactor } from './domain/accounts/two-factor.js';
import type { AccessLogWriter } from './data/access-log-writer.js';
import type { SignInCache } from './data/sign-in-cache.js';
import { tenantDb, type TenantDb } from './data/tenant-db.js';
import type { CompanyDoc, Models, TherapistDoc } from './models/index.js';
import type { RateLimiter } from './security/rate-limit.js';
import type { OAuthStates } from './security/oauth/state.js';
import type { TokenService } from './security/tokens.js';

export interface Clock {
  now(): number;
}

export interface Services {
  config: ApiConfig;
  models: Models;
  tokens: TokenService;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
  limiter: RateLimiter;
  /** The sign-in facts of signed-in therapists, kept per process with the changes of every process applied (data/sign-in-cache.ts). */
  signInCache: SignInCache;
  blobs: BlobStore;
  blobSigner: BlobSigner;
  payments: PaymentProvider;
  /** The clinics' own merchant accounts (booking payments): a gateway per clinic (domain/payment-account/gateway.ts). */
  merchants: MerchantGateways;
  accounting: AccountingProvider;
  /** The cloud drive: Google Drive, the sandbox, or none. */
  drive: DriveProvider;
  /** The signed, single-use `state` of every OAuth sign-in (accounting, drive). */
  oauthStates: OAuthStates;
  sms: SmsGateway;
  /** Journals the access log's rows of a read before its answer leaves, and stores them in batches (data/access-log-writer.ts). */
  accessLog: AccessLogWriter;
  /** Starts the message jobs now (set by jobs/messages.ts when they run in this process): a newsletter goes out at once. */
  wakeMessages?: () => void;
  /** Starts the import job now (set by jobs/imports.ts when it runs in this process): an import starts at once. */
  wakeImports?: () => void;
  /** Starts the accounting transfer job now (set by jobs/accounting-transfers.ts when it runs in this process). */
  wakeAccountingTransfers?: () => void;
}

/** The services a handler may use: everything but the raw models (those come scoped: `db`, `tenant`, `platform`). */
export type HandlerServices = Omit<Services, 'models'>;

export interface UploadedFile {
  fieldName: string;
  originalName: string;
  mimeType: string;
  size: number;
  /** A temporary file the upload was streamed to; removed when the request ends (api/src/endpoint/uploads.ts). */
  path: string;
}

/** What the HTTP layer knows of the request. */
export interface RequestInfo {
  ip: string;
  files: readonly UploadedFile[];
  /** The API's own origin as the caller reached it (for absolute signed image addresses). */
  origin: string;
}

abstract class RequestContext {
  abstract readonly kind: 'public' | 'therapist' | 'owner' | 'superadmin' | 'team';
  readonly ip: string;
  readonly files: readonly UploadedFile[];
  readonly origin: string;

  constructor(
    protected readonly allServices: Services,
    request: RequestInfo,
  ) {
    this.ip = request.ip;
    this.files = request.files;
    this.origin = request.origin;
  }

  get services(): HandlerServices {
    return this.allServices;
  }

  now(): number {
    return this.allServices.clock.now();
  }
}

export class PublicContext extends RequestContext {
  readonly kind = 'public';

  /** Models across clinics: only for a step that must find its clinic first (say why with `crossTenant`). */
  get platform(): Models {
    return this.allServices.models;
  }

  /** The data of the clinic a public page or a signed link is about, once that is checked. */
  tenant(companyId: Types.ObjectId): TenantDb {
    return tenantDb(this.allServices.models, companyId);
  }
}

export class TherapistContext extends RequestContext {
  readonly kind: 'therapist' | 'owner' = 'therapist';
  /** The caller's data: their clinic's, and their own where a model's rule says so. */
  readonly db: TenantDb;

  constructor(
    services: Services,
    request: RequestInfo,
    /** The caller's therapist record, loaded and checked by the dispatcher on this very call. */
    readonly therapist: TherapistDoc,
    /** The caller's clinic, from the verified token and the stored therapist, never from the body. */
    readonly company: CompanyDoc,
  ) {
    super(services, request);
    this.db = tenantDb(services.models, company._id, { therapistId: therapist._id, isOwner: therapist.isAdmin === true });
  }

  get isOwner(): boolean {
    return this.therapist.isAdmin === true;
  }

  get therapistId(): string {
    return this.therapist._id.toString();
  }

  get companyId(): string {
    return this.company._id.toString();
  }

  /** The caller's own two-factor sign-in (a platform record keyed by this therapist, and only this one). */
  get ownTwoFactor(): OwnTwoFactor {
    return ownTwoFactor(this.allServices.models, this.therapistId);
  }

  /** The caller's own mailed password links (platform records keyed by this therapist, and only this one). */
  get ownLinkTokens(): OwnLinkTokens {
    return ownLinkTokens(this.allServices.models, this.therapist._id);
  }
}

/** A therapist with the owner's rights (`isAdmin`), checked by the dispatcher for `access: 'owner'`. */
export class OwnerContext extends TherapistContext {
  override readonly kind = 'owner';

  /** Single-use mail links (the invitation) of the clinic's therapists; the caller has found the therapist in `db`. */
  get linkTokens(): ClinicLinkTokens {
    return clinicLinkTokens(this.allServices.models);
  }
}

/**
 * The platform administrator: companies across clinics (`platform`, each cross-clinic query saying why), one named
 * clinic's data through `tenant(companyId)`. The actions it may call answer no client record, journal or CPR number.
 */
export class SuperadminContext extends RequestContext {
  readonly kind = 'superadmin';
  constructor(
    services: Services,
    request: RequestInfo,
    /** The signed-in administrator, loaded by the dispatcher on this very call (for the audit log). */
    readonly administrator: { id: Types.ObjectId; username: string },
  ) {
    super(services, request);
  }
  get platform(): Models {
    return this.allServices.models;
  }
  tenant(companyId: Types.ObjectId): TenantDb {
    return tenantDb(this.allServices.models, companyId);
  }
}

/** A support-team user: finds a therapist across clinics, then works in that therapist's clinic (`tenant`). */
export class TeamContext extends RequestContext {
  readonly kind = 'team';
  constructor(
    services: Services,
    request: RequestInfo,
    readonly teamUserId: string,
  ) {
    super(services, request);
  }
  get platform(): Models {
    return this.allServices.models;
  }
  tenant(companyId: Types.ObjectId): TenantDb {
    return tenantDb(this.allServices.models, companyId);
  }
}

export type AnyContext = PublicContext | TherapistContext | OwnerContext | SuperadminContext | TeamContext;
