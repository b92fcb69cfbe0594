/**
 * What the product sells (spec 3 §1, §9): the Pro plan and the add-ons, with prices in integer øre excluding
 * VAT, and the arithmetic and display forms the pages and the server share. Pure, no zod.
 *
 * Prices the spec leaves to us (written down in docs/decisions/0017-payment-provider-behind-an-adapter.md):
 * Pro 149 kr./month excl. VAT (the terms' quote; the therapist-dialog figure of 99 kr. is not used); storage 49 kr.
 * per 5 GB (one-time); data import 499 kr. (one-time); cloud-drive backup 29 kr./month; the accounting integration
 * free with Pro.
 */
import { VAT_RATE_PERCENT } from './constants.js';

export const ADD_ON_KEYS = ['storage', 'importdata', 'drive', 'accounting'] as const;
export type AddOnKey = (typeof ADD_ON_KEYS)[number];

export interface PlanOffer {
  key: 'pro' | 'therapist';
  name: string;
  /** Per month, excl. VAT. */
  priceOre: number;
}

export interface AddOnOffer {
  key: AddOnKey;
  /** The Danish name shown on the card. */
  name: string;
  /** The spec's identifier (englishName). */
  englishName: AddOnKey;
  description: string;
  /** Excl. VAT: per piece for a one-time add-on, per month for a subscription. 0: free with Pro. */
  priceOre: number;
  oneTimePurchase: boolean;
  /** Free for a clinic on the Pro plan ('Gratis for abonnerende'); activated without payment. */
  freeWithPro: boolean;
  /** The unit label: 'stk' for one-time add-ons, 'måned' for subscriptions. */
  text: 'stk' | 'måned';
}

export const PRO_PLAN: PlanOffer = { key: 'pro', name: 'Pro', priceOre: 14_900 };
/** A colleague's own Pro subscription (spec 3 §4, Plan choice for a therapist), bought by the owner: the Pro price. */
export const THERAPIST_PRO_PLAN: PlanOffer = { key: 'therapist', name: 'Pro terapeut', priceOre: 14_900 };

export const ADD_ONS: readonly AddOnOffer[] = [
  {
    key: 'storage',
    name: 'Ekstra lagerplads',
    englishName: 'storage',
    description: '5 GB ekstra plads til klient- og journalbilleder. Kan købes flere gange.',
    priceOre: 4_900,
    oneTimePurchase: true,
    freeWithPro: false,
    text: 'stk',
  },
  {
    key: 'importdata',
    name: 'Dataimport',
    englishName: 'importdata',
    description: 'Flyt klienter, behandlinger, bookinger og fakturaer med fra dit tidligere system.',
    priceOre: 49_900,
    oneTimePurchase: true,
    freeWithPro: false,
    text: 'stk',
  },
  {
    key: 'drive',
    name: 'Backup til Google Drev',
    englishName: 'drive',
    description: 'Gem en kopi af klient- og journalbilleder i klinikkens eget Google Drev.',
    priceOre: 2_900,
    oneTimePurchase: false,
    freeWithPro: false,
    text: 'måned',
  },
  {
    key: 'accounting',
    name: 'Dinero-integration',
    englishName: 'accounting',
    description: 'Overfør fakturaer, behandlinger og klienter til regnskabsprogrammet Dinero.',
    priceOre: 0,
    oneTimePurchase: false,
    freeWithPro: true,
    text: 'måned',
  },
];

export function addOnOffer(key: string): AddOnOffer | undefined {
  return ADD_ONS.find((offer) => offer.key === key);
}

export interface VatSplit {
  amount_ex_vat: number;
  amount_vat: number;
  amount: number;
}

/** An amount excl. VAT with its VAT (25 %, rounded half up to the øre) and the total, all in øre. */
export function withVat(exVatOre: number): VatSplit {
  const vat = Math.floor((exVatOre * VAT_RATE_PERCENT + 50) / 100);
  return { amount_ex_vat: exVatOre, amount_vat: vat, amount: exVatOre + vat };
}

/**
 * The add-on card's price (spec 3, Add-ons page): 'kr.{price},00/unit'; 'Gratis' for a free add-on, and
 * 'Gratis for abonnerende' for one that is free under a subscribing (Pro) plan.
 */
export function addOnPriceLabel(offer: Pick<AddOnOffer, 'priceOre' | 'freeWithPro' | 'text'>): string {
  if (offer.freeWithPro) return 'Gratis for abonnerende';
  if (offer.priceOre === 0) return 'Gratis';
  return `kr.${Math.floor(offer.priceOre / 100)},${String(offer.priceOre % 100).padStart(2, '0')}/${offer.text}`;
}

/** Transaction states and their badge colours (spec 3 §4). */
export const TRANSACTION_STATES = ['settled', 'failed', 'created', 'pending', 'dunning', 'authorized', 'cancelled'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];
export const TRANSACTION_STATE_COLOURS: Record<TransactionState, string> = {
  settled: 'green',
  failed: 'red',
  created: 'blue',
  pending: 'grey',
  dunning: 'yellow',
  authorized: 'orange',
  cancelled: 'pink',
};

/** Spec 3 §9: a card number shown as its first 4 and last 4 characters. */
export function maskCard(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits.length < 8) return 'XXXX';
  return `${digits.slice(0, 4)}${'X'.repeat(digits.length - 8)}${digits.slice(-4)}`;
}

/** Sandbox test cards (docs/decisions/0017-payment-provider-behind-an-adapter.md): the payment sandbox knows these. */
export const SANDBOX_CARDS = {
  succeeds: '4111111111111111',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const;

/**
 * Buying and keeping Pro, cards and transactions (spec 3 §8 where it gives a text; ours otherwise). Here, not in
 * messages.ts: `@klinik/core/rules` is in the sign-in page's first load, and these texts are not needed there.
 */
export const commerceMessages = {
  purchaseKeyMissing: 'Købet mangler sin nøgle. Genindlæs siden og prøv igen.',
  purchaseInProgress: 'Købet er allerede i gang. Vent et øjeblik, og genindlæs siden.',
  declined: 'Betalingen blev afvist. Prøv et andet kort.',
  cardUnknown: 'Kortet findes ikke. Vælg et andet kort.',
  subscriptionUnknown: 'Abonnementet findes ikke',
  invoiceUnknown: 'Betalingen findes ikke',
  /** Spec 3 §8: update-all card without the checkbox. */
  fieldRequired: 'This field is required',
  alreadyPro: 'Klinikken har allerede et Pro abonnement',
  proActive: 'Pro abonnementet er aktivt',
  /** Pro bought during the trial: nothing is charged before the date it names. */
  proScheduled: (date: string) => `Pro er bestilt og starter ${date}, når prøveperioden slutter. Det første beløb trækkes på dit kort den dag.`,
  proAlreadyScheduled: 'Pro er allerede bestilt og starter, når prøveperioden slutter',
  proResumed: 'Pro abonnementet fortsætter',
  /** A monthly add-on or a colleague's Pro while the clinic's own plan is ended or has run out. */
  planNotRunning: 'Klinikkens abonnement er opsagt eller udløbet. Vælg Pro igen, før du køber flere abonnementer.',
  toCheckout: 'Du sendes videre til betalingen',
  /** Spec 3 §8: the default cancel toast. */
  cancelled: 'Abonnementet er blevet opsagt.',
  nothingToCancel: 'Der er intet aktivt abonnement at opsige',
  cardChanged: 'Betalingskortet er opdateret',
  cardsChanged: 'Betalingskortet er opdateret på alle abonnementer',
  providerUnavailable: 'Betalingen kunne ikke gennemføres lige nu. Prøv igen om lidt.',
  addOnUnknown: 'Tilføjelsen findes ikke',
  notOneTime: 'Denne tilføjelse købes som abonnement',
  notSubscription: 'Denne tilføjelse købes én gang ad gangen',
  freeWithProOnly: 'Denne tilføjelse er gratis med Pro og aktiveres uden betaling',
  proRequired: 'Kan kun benyttes med Pro version',
  addOnActive: 'Tilføjelsen er aktiv',
  addOnAlreadyActive: 'Tilføjelsen er allerede aktiv',
  addOnCancelled: 'Tilføjelsen er opsagt',
  addOnDeactivated: 'Tilføjelsen er deaktiveret',
  storageBought: 'Der er købt 5 GB ekstra lagerplads',
  importBought: 'Dataimport er købt',
} as const;
