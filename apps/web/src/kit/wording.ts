/**
 * Placeholders that read naturally in English (issue 9): "Enter a login name", "Select a status",
 * "Enter an IP address", "Select roles". Chinese keeps the label as it is ("请输入登录名").
 */
const VOWEL_LETTER_NAMES = new Set(['A', 'E', 'F', 'H', 'I', 'L', 'M', 'N', 'O', 'R', 'S', 'X']);

function article(word: string): 'a' | 'an' {
  // Acronyms go by how their first letter is said: an ID, an SMS, a QQ, a URL.
  if (/^[A-Z]{2}/.test(word)) return VOWEL_LETTER_NAMES.has(word[0]!) ? 'an' : 'a';
  const w = word.toLowerCase();
  if (/^(u[bcdfghjklmnpqrstvwxz][aeiou]|uni|use|usu|eu|one|once)/.test(w)) return 'a';
  if (/^(hour|honest|honou?r)/.test(w)) return 'an';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

/** The label as the object of "Enter …" / "Select …": lower-cased unless an acronym, with an article unless plural. */
export function placeholderObject(label: string, lang: string, plural = false): string {
  if (lang !== 'en-US' || !label) return label;
  const text = /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
  if (plural) return text;
  return `${article(label)} ${text}`;
}
