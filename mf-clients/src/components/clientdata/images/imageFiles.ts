/**
 * The browser's checks of chosen image files (spec 2 §5): type by name, declared type and first bytes, 4 MB each, and how
 * many one upload may hold. The server checks again by content; these only spare a pointless upload.
 */
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, hasImageExtension } from '@klinik/core/records';
import { texts } from '../texts';

const T = texts.images;

export interface FileCheck {
  accepted: File[];
  /** The first rule a file broke (the spec's message), or null. */
  error: string | null;
}

/** The first bytes of a JPEG, PNG or GIF: a renamed file of another kind is refused before it is sent. */
async function looksLikeImage(file: File): Promise<boolean> {
  try {
    const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
    return starts(0xff, 0xd8, 0xff) || starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) || starts(0x47, 0x49, 0x46, 0x38);
  } catch {
    return true; // unreadable here: the server decides
  }
}

export async function checkImageFiles(files: readonly File[], alreadyChosen: number, max: number): Promise<FileCheck> {
  const accepted: File[] = [];
  let error: string | null = null;
  for (const file of files) {
    const typeOk = hasImageExtension(file.name) && (file.type === '' || (IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) && (await looksLikeImage(file));
    if (!typeOk) {
      error ??= T.type;
      continue;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      error ??= T.size;
      continue;
    }
    if (alreadyChosen + accepted.length >= max) {
      error ??= T.tooMany(max);
      continue;
    }
    accepted.push(file);
  }
  return { accepted, error };
}

/** Names in a zip must be unique: 'a.jpg', 'a (2).jpg', … */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Map<string, number>();
  return names.map((name) => {
    const count = (used.get(name) ?? 0) + 1;
    used.set(name, count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
  });
}
