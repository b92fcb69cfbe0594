/**
 * Copies `value` with the Clipboard API, or, where it is missing or refused (an insecure origin, an old browser),
 * by selecting `input`'s text and execCommand('copy'). True when it was copied.
 */
export async function copyText(value: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    if (!input) return false;
    input.focus();
    input.select();
    try {
      // Deprecated, but the only way left without the Clipboard API.
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}
