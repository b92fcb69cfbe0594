/**
 * What an SMS costs in parts: the GSM 03.38 alphabet (Danish æ, ø, å are in it; emoji are not) and the parts a text
 * is sent in. Any gateway bills per part, so this belongs to SMS itself, not to one provider.
 */
/** GSM 03.38's basic character set (the escape code itself left out). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: each costs two septets but needs no Unicode. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';
const GSM7 = new Set([...GSM7_BASIC, ...GSM7_EXTENSION]);

/** Whether every character of `text` can be sent in the GSM 7-bit alphabet (Danish æ, ø, å can; emoji cannot). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7.has(char)) return false;
  return true;
}

const EXTENSION = new Set(GSM7_EXTENSION);

/**
 * The parts the network sends `text` in, and so what the gateway bills: GSM 7-bit holds 160 septets in one part and
 * 153 in each part of a longer message (an extension character takes two); UCS-2 holds 70, and 67 a part.
 */
export function smsParts(text: string): number {
  if (isGsm7(text)) {
    let septets = 0;
    for (const char of text) septets += EXTENSION.has(char) ? 2 : 1;
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  // UCS-2 counts UTF-16 code units (an emoji takes two).
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}
