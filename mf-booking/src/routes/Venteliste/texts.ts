/** The waiting list's offer page (`/Venteliste`). */
export const ventelisteTexts = {
  title: 'Ledig tid fra ventelisten',
  loading: 'Henter tilbuddet …',
  noLink: 'Linket er ikke helt. Åbn det fra din SMS eller mail igen.',
  offered: (what: string, when: string, who: string) => `${what ? `${what} ` : ''}${when} hos ${who}.`,
  heldUntil: (time: string) => `Tiden holdes til dig til kl. ${time}. Derefter går den videre til den næste på ventelisten.`,
  take: 'Tag tiden',
  taking: 'Booker …',
  lapsed: 'Tilbuddet er udløbet, og tiden er givet videre.',
  accepted: 'Tiden er allerede booket til dig.',
  taken: 'Tiden er desværre taget',
  withdrawn: 'Tilbuddet er trukket tilbage.',
} as const;
