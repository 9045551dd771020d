/**
 * A question's text (in lower case) with names blanked out, the longest first, so that what is
 * left can be read for the words around them: "Rose O'Brian profit" holds no word of change once
 * her name is out, and "units of Xerox 1967" no year.
 */
export function withoutNames(text: string, names: readonly string[]): string {
  return names
    .map((name) => name.toLowerCase())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .reduce((left, name) => left.split(name).join(' '), text);
}
