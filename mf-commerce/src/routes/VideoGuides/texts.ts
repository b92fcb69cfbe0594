/** /Videovejledninger's Danish texts (ours: the spec names the two guides, not their words). */
import type { VideoGuideKey } from '@klinik/core/rules';

export const guideTexts = {
  heading: 'Videovejledninger',
  intro: 'Korte film, der viser, hvordan du gør i Klinik. Vælg en vejledning for at se den.',
  list: 'Vejledninger',
  play: (title: string) => `Se vejledningen: ${title}`,
  close: 'Luk',
  failed: 'Videoen kunne ikke afspilles. Prøv igen senere.',
  guides: {
    mergedInvoice: {
      title: 'Samlet opgørelse',
      description: 'Saml en klients fakturaer for en periode i én opgørelse: vælg klienten og perioden, find fakturaerne, vælg dem og opret.',
    },
    imageUpload: {
      title: 'Billeder til klientens journal',
      description: 'Læg billeder på en journal fra klientens side: vælg billederne, upload dem, og se dem i journalen.',
    },
  } satisfies Record<VideoGuideKey, { title: string; description: string }>,
} as const;
