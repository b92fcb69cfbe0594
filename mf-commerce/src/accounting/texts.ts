/**
 * The accounting integration's Danish texts (spec 3 §2 'Accounting-service transfer result', §4, §5, §8; spec 1
 * 'Accounting sync'), verbatim where the spec gives them. Kept beside the integration, not in the module's shared
 * texts.ts.
 */
import { accountingMessages } from '@klinik/core';

/**
 * Where 'Overførelse fejlede' points for help. The spec names a support link without its address: this is the one
 * place to set it.
 */
export const SUPPORT_HREF = 'mailto:support@klinik.dk?subject=Overf%C3%B8rsel%20til%20Dinero';

export const accountingTexts = {
  integration: 'Dinero-integration',
  settings: {
    title: 'Indstillinger for integrationen',
    intro: 'Vælg hvad der skal overføres til Dinero: klienter, behandlinger og fakturaer.',
    transferAll: 'Overfør alt',
    transferAllHint: 'Slå fra for kun at overføre fakturaer fra en bestemt periode.',
    fromDate: 'Fra dato',
    toDate: 'Til dato',
    connect: 'Forbind til Dinero',
    cancel: 'Annuller',
    connecting: 'Sender dig videre til Dinero…',
    /** Spec 3 §8: no connection url. */
    noUrl: accountingMessages.noConnectionUrl,
  },
  toggle: {
    label: 'Forbind med Dinero',
    connected: (organization: string) => `Forbundet til Dinero (organisation ${organization}).`,
    notConnected: 'Ikke forbundet til Dinero.',
    addOnInactive: 'Aktiver Dinero-integrationen under Tilføjelser for at forbinde.',
    readOnly: 'Kun klinikkens administrator kan forbinde eller fjerne Dinero.',
    pending: (count: number) => `${count} ${count === 1 ? 'faktura venter' : 'fakturaer venter'} på at blive overført.`,
    removeTitle: 'Er du sikker?',
    removeBody: 'Forbindelsen til Dinero fjernes. Det, der allerede er overført, bliver i Dinero.',
    remove: 'Fjern forbindelsen',
    keep: 'Behold',
    loadFailed: 'Dinero-forbindelsen kunne ikke hentes',
  },
  addOn: {
    connect: 'Forbind til Dinero',
    transferAgain: 'Overfør til Dinero',
    connectedTo: (organization: string) => `Forbundet til organisation ${organization}`,
  },
  result: {
    heading: 'Overførsel til Dinero',
    progress: 'Overfører data til Dinero…',
    progressHint: 'Overførslen fortsætter, også hvis du lukker siden. Resultatet kan ses her bagefter.',
    waiting: 'Overførslen venter på at gå i gang…',
    progressCount: (done: number, total: number) => `${done} af ${total} poster gennemgået`,
    done: 'Overførslen er gennemført',
    /** Spec 3 §8. */
    failed: accountingMessages.transferFailed,
    /** Spec 3 §8: an exception on the return page. */
    exception: accountingMessages.exception,
    failedHint: 'Kontakt support, hvis det bliver ved med at fejle.',
    support: 'Kontakt support',
    denied: 'Forbindelsen til Dinero blev ikke godkendt.',
    missingCode: 'Siden mangler godkendelsen fra Dinero. Start forbindelsen igen under Tilføjelser.',
    toAddOns: 'Til Tilføjelser',
    continue: 'Fortsæt',
    organization: (organization: string) => `Dinero-organisation ${organization}`,
    table: 'Overførte data',
    columns: { kind: 'Data', success: 'Overført', alreadyAdded: 'Allerede tilføjet', fail: 'Fejlede', total: 'I alt' },
    kinds: { invoice: 'Fakturaer', product: 'Behandlinger', contact: 'Patienter' },
  },
  /** Spec 1, Accounting sync. */
  sync: { running: 'synkronisering...', done: 'synkroniseringen er afsluttet.' },
} as const;
