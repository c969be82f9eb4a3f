/**
 * A host name as DNS compares it: case does not matter, and `example.com.` (fully qualified, as
 * zone files and some resolvers write it) is the same name as `example.com`.
 */
export function normalizeDnsName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

export function sameDnsName(a: string, b: string): boolean {
  return normalizeDnsName(a) === normalizeDnsName(b);
}

/**
 * The names whose CAA records can govern `domain`, nearest first: the name and its parents, up
 * to but excluding the top-level label (no registry publishes CAA at a TLD, and a public-suffix
 * list would be a dependency for no gain: an empty `co.uk` lookup costs one query).
 */
export function caaLookupNames(domain: string): string[] {
  const labels = normalizeDnsName(domain).split('.');
  const names: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) names.push(labels.slice(i).join('.'));
  return names;
}
