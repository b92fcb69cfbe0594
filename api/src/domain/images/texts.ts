/** Danish texts of uploads and image decoding that the spec does not word (the spec's own are in @klinik/core). */
export const uploadTexts = {
  fieldsFirst: 'Felterne action og token skal sendes før filerne',
  noFilesHere: 'Denne handling tager ikke imod filer',
  tooManyFrames: 'Billedet har for mange billeder i animationen (højst 200)',
  tooManyPixels: 'Billedet har for mange pixels',
  tooSlow: 'Billedet kunne ikke behandles i tide. Prøv med et mindre billede.',
  busy: 'Der bliver behandlet mange filer lige nu. Prøv igen om lidt.',
  malformed: 'Uploaden kunne ikke læses',
} as const;
