/** Text search in list filters: user text never becomes a regular expression of its own. */

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every word of `text` in the first or the last name, ignoring case ('signe kjær' finds Signe Kjær). */
export function nameWordsFilter(text: string): { $and: Record<string, unknown>[] } {
  return {
    $and: text
      .trim()
      .split(/\s+/)
      .map(escapeRegex)
      .map((word) => ({ $or: [{ nameFirst: { $regex: word, $options: 'i' } }, { nameLast: { $regex: word, $options: 'i' } }] })),
  };
}
