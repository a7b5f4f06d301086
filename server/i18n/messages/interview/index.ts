import { defineNamespace } from '../../translator';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import nl from './nl.json';
import pt from './pt.json';

/** The interview's screens (notice, set-up, questions, answers, thanks, rating, live): components/candidate/interview-copy.ts. */
export const interviewMessages = defineNamespace('interview', { en, fr, de, es, it, nl, pt });
