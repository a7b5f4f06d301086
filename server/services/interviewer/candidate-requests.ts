import type { CandidateLanguage } from '@/server/i18n/candidate-locale';
import { interviewerMessages } from '@/server/i18n/messages/interviewer';
import { createTranslator } from '@/server/i18n/translator';

/**
 * What a candidate says to the interviewer rather than as an answer, in a live conversation: "could you repeat
 * the question?", or a question about the process ("how long is this?", "who decides?", "did I pass?"). These
 * are never recorded as the answer: the interviewer repeats the question, or answers about the process (never
 * about the candidate's chances) and asks it again. Only a short utterance counts (a real answer may well say
 * "repeat" or "how long"): at most MAX_WORDS words, matched in the interview's language or English.
 */

export type CandidateRequest = 'repeat' | 'process';

const MAX_WORDS = 14;

const REPEAT: RegExp[] = [
  /\b(repeat|rephrase|say (that|it) again|come again|one more time|didn'?t (quite )?(catch|hear|get|understand)|what was the question|pardon)\b/iu,
  /(r[ée]p[ée]t|reformul|redi(re|tes)|pas (bien |tout )?(compris|entendu|saisi)|quelle (était|est) la question|pardon)/iu,
];

const PROCESS: RegExp[] = [
  /\b(how (long|many questions)|how much (time|longer)|who (will|is going to|gets to) (see|review|listen|read|decide)|when will i (hear|know|get)|what happens (next|after)|is this (being )?recorded|are you (a robot|an ai|a bot|human|a person|real)|did i (pass|do (ok|well|good))|how did i do|my chances|am i (hired|selected|through))\b/iu,
  /(combien de (temps|questions)|ça dure combien|qui (va|pourra) (voir|écouter|lire|décider)|quand (aurai|saurai|vais)[- ]je|que se passe-t-il (ensuite|après)|est-ce (que c'est )?enregistré|(ê|e)tes-vous (un robot|une ia|humain|une personne)|ai-je réussi|mes chances|suis-je (retenu|pris|sélectionné))/iu,
];

export function candidateRequest(utterance: string): CandidateRequest | null {
  const text = utterance.trim();
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > MAX_WORDS) return null;
  if (REPEAT.some((pattern) => pattern.test(text))) return 'repeat';
  if (PROCESS.some((pattern) => pattern.test(text))) return 'process';
  return null;
}

/** The interviewer's answer about the process: what it is, where the interview stands, who decides; never chances. */
export function processReply(language: CandidateLanguage, position: { questionNumber: number; total: number }): string {
  return createTranslator(interviewerMessages, language)('processReply', { total: position.total, number: position.questionNumber });
}
