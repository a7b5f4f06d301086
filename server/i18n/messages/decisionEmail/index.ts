import { defineNamespace } from '../../translator';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import nl from './nl.json';
import pt from './pt.json';

/** The decision emails to candidates (advance, reject): server/services/decisions/decision-email.ts. */
export const decisionEmailMessages = defineNamespace('decisionEmail', { en, fr, de, es, it, nl, pt });
