/** A criterion key from its label: "Technical depth" → technical_depth (the rule of CriterionKeySchema). */
export function criterionKeyFrom(label: string): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 46);
  return slug === '' ? 'criterion' : slug;
}

/** Keys for labels, unique within the list: a repeated slug gets _2, _3… */
export function uniqueCriterionKeys(labels: readonly string[], taken: ReadonlySet<string> = new Set()): string[] {
  const used = new Set(taken);
  return labels.map((label) => {
    const base = criterionKeyFrom(label);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}_${n}`;
    used.add(key);
    return key;
  });
}
