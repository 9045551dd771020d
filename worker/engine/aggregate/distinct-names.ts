/**
 * Names a reader can tell apart. A file with an id column beside its names may give one
 * name to several ids: Iowa's liquor sales call four bottle sizes "Black Velvet" (188 such
 * names), Superstore files eight product ids as "Easy-staple paper". Shown by name alone,
 * a ranking listed "Captain Morgan Spiced Rum" twice with two figures, and cross-sell
 * offered "Paul Masson Grande Amber Brandy → Paul Masson Grande Amber Brandy". So each id
 * of a shared name is shown as "Name (id)"; a name of one id stays as it is.
 */

/** `names[i]` labels `ids[i]`; where a name belongs to several ids, each becomes "Name (id)". */
export function distinctNames(names: readonly string[], ids: readonly string[]): string[] {
  const firstIdOf = new Map<string, string>();
  const shared = new Set<string>();
  for (let i = 0; i < names.length; i++) {
    const first = firstIdOf.get(names[i]);
    if (first === undefined) firstIdOf.set(names[i], ids[i]);
    else if (first !== ids[i]) shared.add(names[i]);
  }
  if (shared.size === 0) return names.slice();
  return names.map((name, i) => (shared.has(name) && name !== ids[i] ? `${name} (${ids[i]})` : name));
}

/** The name of a label `distinctNames` made: "Black Velvet" for "Black Velvet (11788)"; null for a plain name. */
export function sharedNameOf(label: string): string | null {
  return /^(.*) \([^()]*\)$/.exec(label)?.[1] ?? null;
}

/**
 * The name several labels share, from labels `distinctNames` made: "Black Velvet" for
 * "Black Velvet (11788)" when another label of the list is "Black Velvet (…)" too.
 * Returns each shared name with its labels, in the labels' order.
 */
export function sharedNamesOf(labels: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  const plain = new Set(labels);
  for (const label of labels) {
    const name = sharedNameOf(label);
    if (!name || plain.has(name)) continue;
    const list = byName.get(name);
    if (list) list.push(label);
    else byName.set(name, [label]);
  }
  for (const [name, list] of byName) if (list.length < 2) byName.delete(name);
  return byName;
}
