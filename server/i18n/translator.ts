import { IntlMessageFormat } from 'intl-messageformat';
import { CANDIDATE_LANGUAGES, type CandidateLanguage } from './languages';

/**
 * The message catalogues' API (issue 25): one namespace per area, one JSON catalogue per language in ICU
 * MessageFormat (plurals, selects, numbers, dates), English as the type source. Pure and synchronous: the same
 * translator runs on the server, in emails and in client components. See server/i18n/README.md.
 */
export type Catalogue = Record<string, string>;

/** A namespace: its name and one catalogue per language, each with exactly the English catalogue's keys. */
export type Namespace<K extends string = string> = {
  readonly name: string;
  readonly messages: Readonly<Record<CandidateLanguage, Readonly<Record<K, string>>>>;
};

/** Declare a namespace. TypeScript refuses a language that lacks one of English's keys. */
export function defineNamespace<E extends Catalogue>(name: string, messages: { en: E } & Record<Exclude<CandidateLanguage, 'en'>, Record<keyof E, string>>): Namespace<keyof E & string> {
  return { name, messages: messages as Namespace<keyof E & string>['messages'] };
}

export type MessageValue = string | number | Date | boolean | null | undefined;
export type MessageValues = Record<string, MessageValue>;

export type Translator<K extends string> = {
  (key: K, values?: MessageValues): string;
  readonly language: CandidateLanguage;
  /** The BCP 47 tag numbers and dates in messages are formatted with (fr-CA, en-GB…). */
  readonly intlLocale: string;
};

/** Anything that says which language: a language code, or a resolved CandidateLocale. */
export type LocaleLike = CandidateLanguage | { language: CandidateLanguage; intlLocale: string };

const cache = new Map<string, IntlMessageFormat>();

/**
 * `t(key, values)` for one namespace in one language. Formatters are compiled once and cached. A missing value
 * throws (a bug, caught by the catalogue test), never shows "{name}" to a candidate.
 */
export function createTranslator<K extends string>(namespace: Namespace<K>, locale: LocaleLike): Translator<K> {
  const language = typeof locale === 'string' ? locale : locale.language;
  const intlLocale = typeof locale === 'string' ? locale : locale.intlLocale;
  const catalogue = namespace.messages[language] ?? namespace.messages.en;
  const t = (key: K, values?: MessageValues): string => {
    const id = `${namespace.name}\u0000${intlLocale}\u0000${key}`;
    let format = cache.get(id);
    if (!format) {
      const source = catalogue[key];
      if (source === undefined) throw new Error(`i18n: no message ${namespace.name}.${key} in ${language}`);
      format = new IntlMessageFormat(source, intlLocale, undefined, { ignoreTag: true });
      cache.set(id, format);
    }
    return String(format.format(values as Record<string, string | number | Date | boolean>));
  };
  return Object.assign(t, { language, intlLocale }) as Translator<K>;
}

/** Keys of a namespace, for typing helpers: `MessageKey<typeof emailMessages>`. */
export type MessageKey<N> = N extends Namespace<infer K> ? K : never;

export { CANDIDATE_LANGUAGES };
