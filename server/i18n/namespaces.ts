import { emailMessages } from './messages/email';
import { trustMessages } from './messages/trust';
import type { Namespace } from './translator';

/** Every namespace, for the catalogue test (every language has every key, every message parses alike). Add yours. */
export const ALL_NAMESPACES: Namespace[] = [emailMessages, trustMessages];
