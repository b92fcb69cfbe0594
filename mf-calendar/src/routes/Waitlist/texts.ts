/** The waiting list in the calendar (`/Kalender/Venteliste`). */
import type { WaitlistOfferView } from '@klinik/core';

export const texts = {
  title: 'Venteliste',
  intro: 'Når en tid bliver ledig (en aflysning, en flytning, et fravær der slettes), tilbydes den til den første på listen, som tiden passer. Tilbuddet går på SMS og mail og holdes i 30 minutter.',
  add: 'Tilføj til venteliste',
  loadFailed: 'Ventelisten kunne ikke hentes',
  retry: 'Prøv igen',
  empty: 'Ingen på ventelisten',
  client: 'Klient',
  treatment: 'Behandling',
  suits: 'Passer',
  since: 'Skrevet på',
  offers: 'Tilbud',
  noOffers: 'Ingen tilbud endnu',
  actions: 'Handlinger',
  remove: 'Fjern fra ventelisten',
  removed: 'Fjernet fra ventelisten',
  removeBody: (name: string) => `${name} fjernes fra ventelisten. Et åbent tilbud trækkes tilbage.`,
  /** Where the client joined, after 'Siden …' ('calendar': the therapist put them on, said nothing about). */
  joinedFrom: { calendar: '', portal: 'fra Mine tider', 'booking-page': 'fra bookingsiden' },
  offerStates: {
    offered: 'tilbudt',
    accepted: 'taget',
    lapsed: 'udløbet',
    taken: 'optaget i mellemtiden',
    withdrawn: 'trukket tilbage',
  } satisfies Record<WaitlistOfferView['state'], string>,
  dialog: {
    title: 'Tilføj til venteliste',
    submit: 'Tilføj',
    cancel: 'Annuller',
    chooseClient: 'Vælg en klient',
    chooseTreatment: 'Vælg behandling',
    days: 'Ugedage',
    fromTime: 'Fra kl.',
    toTime: 'Til kl.',
    treatmentsFailed: 'Behandlingerne kunne ikke hentes',
  },
} as const;
