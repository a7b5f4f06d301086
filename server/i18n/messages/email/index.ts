import { defineNamespace } from '../../translator';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import nl from './nl.json';
import pt from './pt.json';

/** The candidate emails (invitation, reminder): server/services/email/templates.ts. */
export const emailMessages = defineNamespace('email', { en, fr, de, es, it, nl, pt });
