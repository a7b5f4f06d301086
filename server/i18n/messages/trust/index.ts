import { defineNamespace } from '../../translator';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import nl from './nl.json';
import pt from './pt.json';

/** The candidate page's practice question and the notice's line on integrity signals (issue 25, `trust`). */
export const trustMessages = defineNamespace('trust', { en, fr, de, es, it, nl, pt });
