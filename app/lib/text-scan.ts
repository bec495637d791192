/**
 * Checks on untrusted text that regular expressions did with backtracking (a quadratic blow-up on
 * crafted input: ADR 101), written as single left-to-right scans. Each runs in time linear in the
 * input's length whatever it holds; schemas still cap the length first (ADR 101).
 */

/** JavaScript's `\s`: the Unicode white space and line terminators. */
export function isSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * SPEC's e-mail shape, "text@text.text": no white space anywhere, exactly one "@" with something before
 * it, and after it a "." with something on both sides (what `/^[^\s@]+@[^\s@]+\.[^\s@]+$/` accepts).
 */
export function isEmailShape(value: string): boolean {
  const at = value.indexOf("@");
  if (at <= 0 || value.indexOf("@", at + 1) !== -1) return false;
  for (let i = 0; i < value.length; i++) if (isSpace(value.charCodeAt(i))) return false;
  // A dot after at least one character of the domain, and not the domain's last character.
  const dot = value.indexOf(".", at + 2);
  return dot !== -1 && dot < value.length - 1;
}

const isTagStart = (code: number) =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x21 || code === 0x3f;

/**
 * Whether text holds something that looks like an HTML tag: "<", optional white space, an optional "/"
 * and white space, then a letter, "!" or "?" (what `/<\s*\/?\s*[a-z!?]/i` finds). Each "<" looks only at
 * the white space after it, which ends at the next non-space character, so no character is read more
 * than twice.
 */
export function containsMarkup(text: string): boolean {
  for (let lt = text.indexOf("<"); lt !== -1; lt = text.indexOf("<", lt + 1)) {
    let i = lt + 1;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === 0x2f) {
      i++;
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    }
    if (i < text.length && isTagStart(text.charCodeAt(i))) return true;
  }
  return false;
}

/** `text` without the characters of `chars` at its end (what `/[…]+$/` replaced by "" did). */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/**
 * Whether an amount as typed is negative: "-", then white space, an optional currency sign and white
 * space, then a digit (what `/^-\s*[£€$]?\s*\d/` matched, whose two `\s*` could split one run of spaces
 * in quadratically many ways).
 */
export function isNegativeAmount(value: string): boolean {
  if (value[0] !== "-") return false;
  let i = 1;
  while (i < value.length && isSpace(value.charCodeAt(i))) i++;
  if ("£€$".includes(value[i] ?? "x")) {
    i++;
    while (i < value.length && isSpace(value.charCodeAt(i))) i++;
  }
  const code = value.charCodeAt(i);
  return code >= 0x30 && code <= 0x39;
}

/**
 * One line of text: every run of white space (line breaks and tabs included) becomes one space, ends
 * trimmed. For mail subjects, which a line break would split into a header of its own.
 */
export const oneLine = (value: string): string => value.replace(/\s+/g, " ").trim();

/** Whether text holds a line break or a tab (a single-line field refuses them). */
export const hasLineBreakOrTab = (value: string): boolean => /[\t\n\r\u2028\u2029]/.test(value);
