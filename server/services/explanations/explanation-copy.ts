/**
 * The explanation document's words, per language (issue 23: in the candidate's language). Kept in this one file
 * until the shared message catalogues (server/i18n) are merged; then they move into an `explanation` namespace.
 */
export const EXPLANATION_LANGUAGES = ['en', 'fr'] as const;
export type ExplanationLanguage = (typeof EXPLANATION_LANGUAGES)[number];

export type ExplanationCopy = {
  title: string;
  intro: (input: { jobTitle: string; organization: string }) => string;
  candidate: string;
  erasedCandidate: string;
  interviewDate: string;
  howTitle: string;
  how: string[];
  criteriaTitle: string;
  criterion: string;
  weight: string;
  aiScore: string;
  reviewerScore: string;
  notScored: string;
  evidenceTitle: string;
  answerScored: (input: { turnNumber: number; score: string }) => string;
  noEvidence: string;
  wordsErased: string;
  overallTitle: string;
  aiOverall: string;
  aiAdvice: string;
  reviewerOverall: string;
  noReview: string;
  decisionTitle: string;
  decision: string;
  decidedBy: string;
  decidedAt: string;
  reason: string;
  noDecision: string;
  differs: string;
  agrees: string;
  noAdvice: string;
  modelTitle: string;
  scoredBy: (input: { model: string; provider: string; prompt: string; answers: number }) => string;
  scoredByNoModel: string;
  rubric: (input: { version: string }) => string;
  rightsTitle: string;
  rights: string;
  generatedAt: string;
  recommendations: Record<'STRONG_YES' | 'YES' | 'NO' | 'DEFINITELY_NO' | 'NO_DECISION', string>;
  decisions: Record<'ADVANCE' | 'HOLD' | 'REJECT', string>;
  deciderUser: (name: string) => string;
  deciderApiKey: (name: string) => string;
};

const en: ExplanationCopy = {
  title: 'How your interview was assessed',
  intro: ({ jobTitle, organization }) =>
    `This document explains how your screening interview for the position "${jobTitle}" at ${organization} was assessed: the criteria and their weights, the scores an AI system proposed with the parts of your answers they rest on, the scores of the person who reviewed them, and the decision taken.`,
  candidate: 'Candidate',
  erasedCandidate: 'Candidate (personal data erased)',
  interviewDate: 'Interview completed',
  howTitle: 'How the assessment works',
  how: [
    'Each of your answers was scored from 0 to 10 on the criteria of the position by an AI language model, from the text of your answer only: never your voice, tone, accent, face or anything about who you are.',
    'The overall score is the weighted mean of the criteria scores, from 0 to 100. The AI then advises: strong yes (80 or more), yes (60 or more), no (40 or more), definitely no (under 40).',
    'The AI does not decide. A person of the organization reads the answers, may give their own scores, and takes the decision.',
  ],
  criteriaTitle: 'Criteria and scores',
  criterion: 'Criterion',
  weight: 'Weight',
  aiScore: 'AI score',
  reviewerScore: "Reviewer's score",
  notScored: 'not scored',
  evidenceTitle: 'What the AI scores rest on',
  answerScored: ({ turnNumber, score }) => `Answer #${turnNumber}, scored ${score}/10:`,
  noEvidence: 'No answer was scored on this criterion.',
  wordsErased: '(the words of this answer were erased)',
  overallTitle: 'Overall',
  aiOverall: 'AI overall score',
  aiAdvice: "AI's advice",
  reviewerOverall: "Reviewer's overall score",
  noReview: 'No reviewer gave their own scores.',
  decisionTitle: 'Decision',
  decision: 'Decision',
  decidedBy: 'Taken by',
  decidedAt: 'On',
  reason: 'Reason given',
  noDecision: 'No decision has been taken yet.',
  differs: "The decision differs from the AI's advice.",
  agrees: "The decision follows the AI's advice.",
  noAdvice: 'The AI gave no advice (too little evidence to score).',
  modelTitle: 'The AI system used',
  scoredBy: ({ model, provider, prompt, answers }) => `${answers} answer(s) scored by the model ${model} (${provider}), instructions version ${prompt}.`,
  scoredByNoModel: 'No AI model scored the answers.',
  rubric: ({ version }) => `Criteria version ${version}.`,
  rightsTitle: 'Your rights',
  rights:
    'You may ask the organization for a person to review this assessment, express your point of view and contest the decision. You may also ask for a copy of your data or for its erasure.',
  generatedAt: 'Document generated',
  recommendations: { STRONG_YES: 'strong yes', YES: 'yes', NO: 'no', DEFINITELY_NO: 'definitely no', NO_DECISION: 'no advice (too little evidence)' },
  decisions: { ADVANCE: 'advance to the next step', HOLD: 'on hold', REJECT: 'not retained' },
  deciderUser: (name) => `${name}, of the organization`,
  deciderApiKey: (name) => `the organization's recruitment system (${name}), for a person of the organization`,
};

const fr: ExplanationCopy = {
  title: 'Comment votre entretien a été évalué',
  intro: ({ jobTitle, organization }) =>
    `Ce document explique comment votre entretien de présélection pour le poste « ${jobTitle} » chez ${organization} a été évalué : les critères et leur poids, les notes proposées par un système d'IA avec les passages de vos réponses sur lesquels elles reposent, les notes de la personne qui les a relues, et la décision prise.`,
  candidate: 'Candidat·e',
  erasedCandidate: 'Candidat·e (données personnelles effacées)',
  interviewDate: 'Entretien terminé le',
  howTitle: "Comment fonctionne l'évaluation",
  how: [
    "Chacune de vos réponses a été notée de 0 à 10 sur les critères du poste par un modèle de langage (IA), à partir du seul texte de votre réponse : jamais votre voix, votre ton, votre accent, votre visage ni rien de ce que vous êtes.",
    "La note globale est la moyenne pondérée des notes par critère, de 0 à 100. L'IA propose ensuite un avis : oui sans réserve (80 ou plus), oui (60 ou plus), non (40 ou plus), non sans réserve (moins de 40).",
    "L'IA ne décide pas. Une personne de l'organisation lit les réponses, peut donner ses propres notes, et prend la décision.",
  ],
  criteriaTitle: 'Critères et notes',
  criterion: 'Critère',
  weight: 'Poids',
  aiScore: "Note de l'IA",
  reviewerScore: 'Note de la personne',
  notScored: 'non noté',
  evidenceTitle: "Sur quoi reposent les notes de l'IA",
  answerScored: ({ turnNumber, score }) => `Réponse n° ${turnNumber}, notée ${score}/10 :`,
  noEvidence: "Aucune réponse n'a été notée sur ce critère.",
  wordsErased: '(les mots de cette réponse ont été effacés)',
  overallTitle: 'Ensemble',
  aiOverall: "Note globale de l'IA",
  aiAdvice: "Avis de l'IA",
  reviewerOverall: 'Note globale de la personne',
  noReview: "Personne n'a donné ses propres notes.",
  decisionTitle: 'Décision',
  decision: 'Décision',
  decidedBy: 'Prise par',
  decidedAt: 'Le',
  reason: 'Motif donné',
  noDecision: "Aucune décision n'a encore été prise.",
  differs: "La décision diffère de l'avis de l'IA.",
  agrees: "La décision suit l'avis de l'IA.",
  noAdvice: "L'IA n'a pas donné d'avis (trop peu d'éléments pour noter).",
  modelTitle: "Le système d'IA utilisé",
  scoredBy: ({ model, provider, prompt, answers }) => `${answers} réponse(s) notée(s) par le modèle ${model} (${provider}), version des instructions ${prompt}.`,
  scoredByNoModel: "Aucun modèle d'IA n'a noté les réponses.",
  rubric: ({ version }) => `Version des critères ${version}.`,
  rightsTitle: 'Vos droits',
  rights:
    "Vous pouvez demander à l'organisation qu'une personne réexamine cette évaluation, exprimer votre point de vue et contester la décision. Vous pouvez aussi demander une copie de vos données ou leur effacement.",
  generatedAt: 'Document établi le',
  recommendations: { STRONG_YES: 'oui sans réserve', YES: 'oui', NO: 'non', DEFINITELY_NO: 'non sans réserve', NO_DECISION: "pas d'avis (trop peu d'éléments)" },
  decisions: { ADVANCE: "passe à l'étape suivante", HOLD: 'en attente', REJECT: 'non retenu·e' },
  deciderUser: (name) => `${name}, de l'organisation`,
  deciderApiKey: (name) => `le système de recrutement de l'organisation (${name}), pour une personne de l'organisation`,
};

export const EXPLANATION_COPY: Record<ExplanationLanguage, ExplanationCopy> = { en, fr };

/** The document's language for a requested language or a candidate's locale: its primary subtag if we have it, else English. */
export function explanationLanguageOf(locale: string | null | undefined): ExplanationLanguage {
  const primary = (locale ?? '').toLowerCase().split(/[-_]/)[0];
  return (EXPLANATION_LANGUAGES as readonly string[]).includes(primary) ? (primary as ExplanationLanguage) : 'en';
}
