/** What a handler gets: the verified caller, the services, and nothing taken from the body on trust. */
import type { Logger } from 'pino';
import type { ApiConfig } from './config.js';
import type { BlobSigner, BlobStore } from './adapters/blobs/index.js';
import type { Mailer } from './adapters/mail/index.js';
import type { CompanyDoc, Models, TherapistDoc } from './models/index.js';
import { ForbiddenError } from './errors.js';
import type { RateLimiter } from './security/rate-limit.js';
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
  blobs: BlobStore;
  blobSigner: BlobSigner;
}

export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'therapist'; therapist: TherapistDoc; company: CompanyDoc }
  | { kind: 'superadmin' }
  | { kind: 'team'; teamUserId: string };

export interface UploadedFile {
  fieldName: string;
  originalName: string;
  mimeType: string;
  size: number;
  buffer: Buffer;
}

export class ActionContext {
  constructor(
    readonly principal: Principal,
    readonly services: Services,
    readonly ip: string,
    readonly files: readonly UploadedFile[] = [],
    /** The API's own origin as the caller reached it (for absolute signed image addresses). */
    readonly origin: string = '',
  ) {}

  private therapistPrincipal() {
    if (this.principal.kind !== 'therapist') throw new ForbiddenError('Kun for terapeuter');
    return this.principal;
  }

  /** The caller's therapist record, loaded and checked by the dispatcher on this very call. */
  get therapist(): TherapistDoc {
    return this.therapistPrincipal().therapist;
  }

  /** The caller's company, from the verified token and the stored therapist, never from the body. */
  get company(): CompanyDoc {
    return this.therapistPrincipal().company;
  }

  get therapistId(): string {
    return this.therapist._id.toString();
  }

  get companyId(): string {
    return this.company._id.toString();
  }

  get models(): Models {
    return this.services.models;
  }

  now(): number {
    return this.services.clock.now();
  }
}
