import { defineNamespace } from '../../translator';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import nl from './nl.json';
import pt from './pt.json';

/** The candidate's invitation page and the closed-link pages: app/i/[token]/candidate-page-copy.ts. */
export const pageMessages = defineNamespace('page', { en, fr, de, es, it, nl, pt });
