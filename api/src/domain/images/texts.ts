/** Danish texts of uploads and image decoding that the spec does not word (the spec's own are in @klinik/core). */
export const uploadTexts = {
  fieldsFirst: 'Felterne action og token skal sendes før filerne',
  noFilesHere: 'Denne handling tager ikke imod filer',
  tooManyFrames: (most: number) => `Billedet har for mange billeder i animationen (højst ${most})`,
  tooManyPixels: 'Billedet har for mange pixels',
  animationTooLarge: 'Animationen er for stor. Prøv med en mindre eller kortere animation.',
  tooSlow: 'Billedet kunne ikke behandles i tide. Prøv med et mindre billede.',
  animationTooSlow: 'Animationen kunne ikke behandles i tide. Prøv med en mindre eller kortere animation.',
  busy: 'Der bliver behandlet mange filer lige nu. Prøv igen om lidt.',
  malformed: 'Uploaden kunne ikke læses',
} as const;
