/** Signs no face has that read the same in plain letters (the taper's arrow, issue 51). */
export const IN_LETTERS: Readonly<Record<string, string>> = {
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '⇒': '=>',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '−': '-',
  '∕': '/',
  '\u2009': ' ',
  '\u202f': ' ',
};
