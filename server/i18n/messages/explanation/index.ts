import { defineNamespace } from '../../translator';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import nl from './nl.json';
import pt from './pt.json';

/** The explanation document of an assessment (issue 23), HTML and PDF: server/services/explanations/render-explanation.ts. */
export const explanationMessages = defineNamespace('explanation', { en, fr, de, es, it, nl, pt });
