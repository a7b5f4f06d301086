import { defineNamespace } from '../../translator';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import nl from './nl.json';
import pt from './pt.json';

/** The optional self-identification questions after the interview: components/candidate/self-identification-copy.ts. */
export const selfIdentificationMessages = defineNamespace('selfId', { en, fr, de, es, it, nl, pt });
