import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CANDIDATE_LANGUAGES } from './languages';
import { ALL_NAMESPACES } from './namespaces';
import { createTranslator } from './translator';

/** Each argument a message uses, with its kind (argument, number, date, plural, select with its cases). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) into.add(`${element.value}:text`);
    else if (element.type === TYPE.number) into.add(`${element.value}:number`);
    else if (element.type === TYPE.date || element.type === TYPE.time) into.add(`${element.value}:date`);
    else if (element.type === TYPE.plural) {
      into.add(`${element.value}:plural`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    } else if (element.type === TYPE.select) {
      into.add(`${element.value}:select(${Object.keys(element.options).sort().join('|')})`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    } else if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

const sorted = (s: Set<string>) => [...s].sort();

describe.each(ALL_NAMESPACES.map((ns) => [ns.name, ns] as const))('catalogue %s', (_name, namespace) => {
  const english = namespace.messages.en;
  it.each(CANDIDATE_LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the English keys', (language) => {
    expect(Object.keys(namespace.messages[language]).sort()).toEqual(Object.keys(english).sort());
  });
  it.each([...CANDIDATE_LANGUAGES])('%s: every message parses, uses the English arguments, and is not left in English', (language) => {
    const catalogue = namespace.messages[language] as Record<string, string>;
    for (const [key, source] of Object.entries(english)) {
      const expected = sorted(argumentsOf(parse(source, { ignoreTag: true })));
      const message = catalogue[key];
      expect(message?.trim(), `${language}.${key}`).toBeTruthy();
      expect(sorted(argumentsOf(parse(message, { ignoreTag: true }))), `${language}.${key}`).toEqual(expected);
    }
  });
  it('every message formats in every language with sample values', () => {
    for (const language of CANDIDATE_LANGUAGES) {
      const t = createTranslator(namespace, language);
      for (const [key, source] of Object.entries(english)) {
        const values = Object.fromEntries(
          sorted(argumentsOf(parse(source, { ignoreTag: true }))).map((arg) => {
            const [name, kind] = arg.split(':');
            const value = kind === 'number' || kind === 'plural' ? 2 : kind === 'date' ? new Date('2026-07-01T15:30:00Z') : kind.startsWith('select(') ? 'other' : 'X';
            return [name, value];
          }),
        );
        expect(t(key, values), `${language}.${key}`).not.toMatch(/[{}]/);
      }
    }
  });
});

describe('createTranslator', () => {
  it('formats ICU plurals and selects with the candidate conventions', () => {
    const [email] = ALL_NAMESPACES;
    const t = createTranslator(email, { language: 'de', intlLocale: 'de-AT' });
    expect(t('setting', { mode: 'written', minutes: 15 })).toBe('Planen Sie etwa 15 Minuten in Ruhe ein, am Computer oder am Telefon.');
    expect(t.language).toBe('de');
    expect(t.intlLocale).toBe('de-AT');
  });
  it('throws on a missing value instead of showing a placeholder', () => {
    const t = createTranslator(ALL_NAMESPACES[0], 'en');
    expect(() => t('greeting')).toThrow();
  });
});
