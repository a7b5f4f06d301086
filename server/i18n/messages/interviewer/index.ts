import { defineNamespace } from '../../translator';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import nl from './nl.json';
import pt from './pt.json';

/** The interviewer's own words (greeting, AI disclosure, acknowledgements, prompts, default questions). */
export const interviewerMessages = defineNamespace('interviewer', { en, fr, de, es, it, nl, pt });
