/**
 * The images chosen (or taken with the camera) and not uploaded yet, each with a preview address. The browser's
 * checks run as they are added (type, size, how many); the previews' object URLs are released when an image
 * leaves the choice and when the panel goes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkImageFiles } from './imageFiles';

export interface ChosenImage {
  file: File;
  url: string;
}

const release = (images: readonly ChosenImage[]) => images.forEach((image) => URL.revokeObjectURL(image.url));

/** `single`: a new choice replaces the one waiting (the profile has one image). */
export function useImageChoice({ max, single }: { max: number; single: boolean }) {
  const [chosen, setChosen] = useState<readonly ChosenImage[]>([]);
  // The current choice for the checks, which finish after an await (a render may come between).
  const current = useRef<readonly ChosenImage[]>([]);
  const update = useCallback((next: readonly ChosenImage[]) => {
    current.current = next;
    setChosen(next);
  }, []);
  useEffect(() => () => release(current.current), []);

  /** Adds what passes the checks; answers the first rule a file broke (the spec's message), or null. */
  const add = useCallback(
    async (files: readonly File[]): Promise<string | null> => {
      const keep = single ? [] : current.current;
      const { accepted, error } = await checkImageFiles(files, keep.length, max);
      if (accepted.length > 0) {
        if (single) release(current.current);
        update([...(single ? [] : current.current), ...accepted.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
      }
      return error;
    },
    [max, single, update],
  );
  const remove = useCallback(
    (image: ChosenImage) => {
      release([image]);
      update(current.current.filter((item) => item !== image));
    },
    [update],
  );
  const clear = useCallback(() => {
    release(current.current);
    update([]);
  }, [update]);

  return { chosen, add, remove, clear };
}
