import type { CandidateLanguage } from '@/server/i18n/candidate-locale';
import { withEnglishFallback } from '@/server/i18n/languages';
import type { InterviewMode } from './interview-machine';

/**
 * The strings of the interview itself (notice, microphone check, questions, answers, thanks), per language. The
 * page's header and the closed-link pages keep their own copy (candidate-page-copy). Values from data are inserted
 * as plain text by React.
 */
export type InterviewCopy = {
  noticeTitle: string;
  noticeAi: (mode: InterviewMode) => string;
  noticeRecorded: (mode: InterviewMode) => string;
  noticeWritten: string;
  noticeHuman: (org: string) => string;
  noticeRetention: (days: number | null) => string;
  noticeContact: (org: string, email: string | null) => string;
  noticeAlternative: (org: string, email: string | null) => string;
  acknowledge: string;
  acknowledgeRequired: string;
  continue: string;
  setupTitle: string;
  modeLegend: string;
  modeVoice: string;
  modeVoiceHint: string;
  modeLive: string;
  modeLiveHint: string;
  modeWriting: string;
  modeWritingHint: string;
  voiceUnavailable: string;
  micTitle: string;
  micAsk: string;
  micAsking: string;
  micLevel: string;
  micHeard: string;
  micSilent: string;
  micDenied: string;
  micUnsupported: string;
  micRetry: string;
  useWriting: string;
  start: string;
  starting: string;
  progress: (k: number, n: number) => string;
  questionLabel: (k: number) => string;
  followUp: string;
  replay: string;
  speaking: string;
  recordStart: string;
  recording: (secondsLeft: number) => string;
  recordStop: string;
  recordAgain: string;
  uploading: string;
  transcribing: string;
  transcriptLabel: string;
  transcriptHint: string;
  transcriptPoor: string;
  transcriptMissing: string;
  writtenLabel: string;
  writtenHint: (limitSeconds: number) => string;
  send: string;
  sending: string;
  retrying: string;
  offline: string;
  timeUp: string;
  answerEmpty: string;
  switchToWriting: string;
  switchToVoice: string;
  resumed: (k: number) => string;
  threadTitle: string;
  threadLabel: string;
  interviewerSays: string;
  youSaid: string;
  acks: string[];
  typing: string;
  sendHint: string;
  thanksTitle: string;
  thanksBody: (org: string) => string;
  externalIntro: string;
  errorGeneric: string;
  errorUnavailable: string;
  errorGone: string;
  errorConflict: string;
  errorTooLarge: string;
  live: LiveCopy;
};

/** The live conversation's view (live-interview.tsx). */
export type LiveCopy = {
  title: string;
  state: Record<'connecting' | 'listening' | 'thinking' | 'speaking' | 'paused' | 'reconnecting', string>;
  captions: string;
  captionsEmpty: string;
  interviewer: string;
  you: string;
  mute: string;
  unmute: string;
  mutedHint: string;
  pause: string;
  resume: string;
  repeat: string;
  join: string;
  joinHint: string;
  takenOver: string;
  takeBack: string;
  failed: string;
  retry: string;
  writingInstead: string;
  writingHint: string;
  micNeeded: string;
};

export const INTERVIEW_COPY: Record<CandidateLanguage, InterviewCopy> = withEnglishFallback<InterviewCopy>({
  fr: {
    noticeTitle: 'Avant de commencer',
    noticeAi: (mode) =>
      mode === 'written'
        ? 'Les questions sont posées par écrit par une intelligence artificielle (IA), pas par une personne.'
        : mode === 'live'
          ? "L'entretien est une conversation orale en direct avec une intelligence artificielle (IA), pas avec une personne."
          : "Les questions sont posées par une intelligence artificielle (IA), pas par une personne, à l'écrit et à l'oral.",
    noticeRecorded: (mode) =>
      mode === 'written'
        ? 'Vous répondez par écrit ; vos réponses sont conservées telles que vous les envoyez.'
        : mode === 'live'
          ? 'La conversation (votre voix et celle de l’assistant) est enregistrée et transcrite en texte ; des sous-titres l’affichent en direct.'
          : 'Si vous répondez à voix haute, vos réponses sont enregistrées puis transcrites en texte ; vous pouvez corriger la transcription avant de l’envoyer.',
    noticeWritten: 'Vous pouvez aussi répondre par écrit : vos réponses comptent de la même façon.',
    noticeHuman: (org) => `Une personne de ${org} lit vos réponses et prend la décision. L'IA ne décide pas à votre place.`,
    noticeRetention: (days) =>
      days ? `Vos réponses, enregistrements et transcriptions sont conservés ${days} jours au plus après votre dernière activité, puis effacés.` : 'Vos réponses, enregistrements et transcriptions sont conservés le temps du recrutement, puis effacés.',
    noticeContact: (org, email) => (email ? `Pour toute question sur vos données, écrivez à ${org} : ${email}.` : `Pour toute question sur vos données, répondez à l'e-mail d'invitation de ${org}.`),
    noticeAlternative: (org, email) =>
      email ? `Vous pouvez demander un entretien sans IA, avec une personne, en écrivant à ${email}.` : `Vous pouvez demander à ${org} un entretien sans IA, avec une personne, en répondant à l'e-mail d'invitation.`,
    acknowledge: "J'ai lu ces informations et j'accepte de passer l'entretien ainsi.",
    acknowledgeRequired: 'Cochez la case pour continuer.',
    continue: 'Continuer',
    setupTitle: 'Comment souhaitez-vous répondre ?',
    modeLegend: 'Mode de réponse',
    modeVoice: 'À voix haute',
    modeVoiceHint: 'Vous parlez ; votre réponse est transcrite et vous pouvez la corriger.',
    modeLive: 'Conversation orale en direct',
    modeLiveHint: "Vous parlez avec l'assistant comme au téléphone ; des sous-titres affichent la conversation.",
    modeWriting: 'Par écrit',
    modeWritingHint: 'Vous tapez vos réponses. Les questions restent affichées.',
    voiceUnavailable: "La réponse à voix haute n'est pas disponible pour cet entretien : vous répondrez par écrit.",
    micTitle: 'Vérification du micro',
    micAsk: 'Autoriser le micro',
    micAsking: 'En attente de votre autorisation…',
    micLevel: 'Niveau du micro',
    micHeard: 'Nous vous entendons.',
    micSilent: 'Parlez pour tester votre micro.',
    micDenied: "Le micro est bloqué. Autorisez-le dans les réglages de votre navigateur (icône à gauche de l'adresse), puis réessayez, ou répondez par écrit.",
    micUnsupported: "Ce navigateur ne permet pas d'enregistrer votre voix. Vous pouvez répondre par écrit.",
    micRetry: 'Réessayer',
    useWriting: 'Répondre par écrit',
    start: "Commencer l'entretien",
    starting: "L'entretien démarre…",
    progress: (k, n) => `Question ${k} sur ${n}`,
    questionLabel: (k) => `Question ${k}`,
    followUp: 'Question complémentaire',
    replay: 'Réécouter la question',
    speaking: 'Lecture de la question…',
    recordStart: 'Répondre',
    recording: (s) => `Enregistrement… ${s} s restantes. Parlez, puis faites une pause ou appuyez sur « J'ai terminé ».`,
    recordStop: "J'ai terminé",
    recordAgain: 'Enregistrer à nouveau',
    uploading: 'Envoi de votre enregistrement…',
    transcribing: 'Transcription en cours…',
    transcriptLabel: 'Votre réponse (transcription)',
    transcriptHint: 'Relisez et corrigez si besoin, puis envoyez.',
    transcriptPoor: "La transcription semble incomplète. Corrigez-la, enregistrez à nouveau ou écrivez votre réponse.",
    transcriptMissing: "Votre enregistrement est conservé, mais nous n'avons pas pu le transcrire. Écrivez votre réponse ci-dessous.",
    writtenLabel: 'Votre réponse',
    writtenHint: (limit) => `Prenez le temps qu'il faut ; à l'oral, une réponse dure au plus ${Math.round(limit / 60) || 1} min.`,
    send: 'Envoyer la réponse',
    sending: 'Envoi…',
    retrying: 'Connexion perdue, nouvel essai…',
    offline: 'Vous êtes hors ligne. Votre réponse est gardée et sera envoyée dès le retour de la connexion.',
    timeUp: 'Temps écoulé : votre enregistrement est terminé.',
    answerEmpty: 'Votre réponse est vide.',
    switchToWriting: 'Répondre par écrit',
    switchToVoice: 'Répondre à voix haute',
    resumed: (k) => `Reprise de l'entretien à la question ${k}.`,
    threadTitle: 'Entretien',
    threadLabel: "Conversation avec l'assistant",
    interviewerSays: "L'assistant :",
    youSaid: 'Vous :',
    acks: ['Merci, c’est noté.', 'Merci pour votre réponse.', 'Très bien, merci.'],
    typing: "L'assistant écrit…",
    sendHint: 'Ctrl+Entrée pour envoyer.',
    thanksTitle: 'Merci !',
    thanksBody: (org) => `Votre entretien est terminé et vos réponses ont été transmises. Une personne de ${org} les examinera et reviendra vers vous.`,
    externalIntro: "L'entretien se déroule dans un appel vocal avec l'assistant.",
    errorGeneric: 'Une erreur est survenue. Réessayez dans un instant.',
    errorUnavailable: "L'assistant vocal n'est pas disponible pour le moment. Réessayez dans un instant.",
    errorGone: "Ce lien n'est plus valable.",
    errorConflict: 'Cette question a déjà reçu une réponse. Voici la suite de votre entretien.',
    errorTooLarge: "L'enregistrement est trop long ou illisible. Enregistrez une réponse plus courte ou écrivez-la.",
    live: {
      title: 'Entretien en direct',
      state: {
        connecting: 'Connexion à l’assistant…',
        listening: 'À vous : l’assistant vous écoute.',
        thinking: 'L’assistant réfléchit…',
        speaking: 'L’assistant parle…',
        paused: 'Entretien en pause.',
        reconnecting: 'Connexion perdue, reconnexion… L’entretien reprendra où vous en étiez.',
      },
      captions: 'Sous-titres de la conversation',
      captionsEmpty: 'Les sous-titres de la conversation s’affichent ici.',
      interviewer: 'Assistant',
      you: 'Vous',
      mute: 'Couper le micro',
      unmute: 'Réactiver le micro',
      mutedHint: 'Votre micro est coupé : l’assistant ne vous entend pas.',
      pause: 'Pause',
      resume: 'Reprendre',
      repeat: 'Répéter la question',
      join: 'Continuer la conversation',
      joinHint: 'Votre entretien est en cours. Appuyez sur le bouton pour activer votre micro et reprendre où vous en étiez.',
      takenOver: 'L’entretien continue dans un autre onglet ou sur un autre appareil.',
      takeBack: 'Continuer ici',
      failed: 'La conversation en direct n’est pas disponible pour le moment. Réessayez, ou continuez par écrit : vos réponses comptent de la même façon.',
      retry: 'Réessayer',
      writingInstead: 'Continuer par écrit',
      writingHint: 'Vous pouvez aussi continuer par écrit à tout moment.',
      micNeeded: 'Le micro est nécessaire pour la conversation en direct. Autorisez-le, ou continuez par écrit.',
    },
  },
  en: {
    noticeTitle: 'Before you start',
    noticeAi: (mode) =>
      mode === 'written'
        ? 'The questions are asked in writing by an artificial intelligence (AI), not by a person.'
        : mode === 'live'
          ? 'The interview is a live spoken conversation with an artificial intelligence (AI), not with a person.'
          : 'The questions are asked by an artificial intelligence (AI), not by a person, in writing and out loud.',
    noticeRecorded: (mode) =>
      mode === 'written'
        ? 'You answer in writing; your answers are kept as you send them.'
        : mode === 'live'
          ? "The conversation (your voice and the interviewer's) is recorded and transcribed into text; captions show it as it happens."
          : 'If you answer out loud, your answers are recorded and transcribed into text; you can correct the transcript before sending it.',
    noticeWritten: 'You can also answer in writing: your answers count exactly the same.',
    noticeHuman: (org) => `A person at ${org} reviews your answers and takes the decision. The AI does not decide for them.`,
    noticeRetention: (days) =>
      days ? `Your answers, recordings and transcripts are kept for at most ${days} days after your last activity, then erased.` : 'Your answers, recordings and transcripts are kept for the recruitment process, then erased.',
    noticeContact: (org, email) => (email ? `For any question about your data, write to ${org} at ${email}.` : `For any question about your data, reply to ${org}'s invitation email.`),
    noticeAlternative: (org, email) =>
      email ? `You can ask for an interview without AI, with a person, by writing to ${email}.` : `You can ask ${org} for an interview without AI, with a person, by replying to the invitation email.`,
    acknowledge: 'I have read this information and agree to take the interview this way.',
    acknowledgeRequired: 'Tick the box to continue.',
    continue: 'Continue',
    setupTitle: 'How would you like to answer?',
    modeLegend: 'Answer mode',
    modeVoice: 'Out loud',
    modeVoiceHint: 'You speak; your answer is transcribed and you can correct it.',
    modeLive: 'Live spoken conversation',
    modeLiveHint: 'You talk with the interviewer as on a call; captions show the conversation.',
    modeWriting: 'In writing',
    modeWritingHint: 'You type your answers. The questions stay on screen.',
    voiceUnavailable: 'Spoken answers are not available for this interview: you will answer in writing.',
    micTitle: 'Microphone check',
    micAsk: 'Allow the microphone',
    micAsking: 'Waiting for your permission…',
    micLevel: 'Microphone level',
    micHeard: 'We can hear you.',
    micSilent: 'Say something to test your microphone.',
    micDenied: 'The microphone is blocked. Allow it in your browser settings (the icon left of the address), then try again, or answer in writing.',
    micUnsupported: 'This browser cannot record your voice. You can answer in writing.',
    micRetry: 'Try again',
    useWriting: 'Answer in writing',
    start: 'Start the interview',
    starting: 'Your interview is starting…',
    progress: (k, n) => `Question ${k} of ${n}`,
    questionLabel: (k) => `Question ${k}`,
    followUp: 'Follow-up question',
    replay: 'Play the question again',
    speaking: 'Reading the question…',
    recordStart: 'Answer',
    recording: (s) => `Recording… ${s} s left. Speak, then pause or press “I'm done”.`,
    recordStop: "I'm done",
    recordAgain: 'Record again',
    uploading: 'Uploading your recording…',
    transcribing: 'Transcribing…',
    transcriptLabel: 'Your answer (transcript)',
    transcriptHint: 'Read it, correct it if needed, then send it.',
    transcriptPoor: 'The transcript looks incomplete. Correct it, record again, or type your answer.',
    transcriptMissing: 'Your recording is kept, but we could not transcribe it. Please type your answer below.',
    writtenLabel: 'Your answer',
    writtenHint: (limit) => `Take the time you need; a spoken answer lasts at most ${Math.round(limit / 60) || 1} min.`,
    send: 'Send the answer',
    sending: 'Sending…',
    retrying: 'Connection lost, trying again…',
    offline: 'You are offline. Your answer is kept and will be sent as soon as the connection is back.',
    timeUp: 'Time is up: your recording has ended.',
    answerEmpty: 'Your answer is empty.',
    switchToWriting: 'Answer in writing',
    switchToVoice: 'Answer out loud',
    resumed: (k) => `Resuming your interview at question ${k}.`,
    threadTitle: 'Interview',
    threadLabel: 'Conversation with the interviewer',
    interviewerSays: 'Interviewer:',
    youSaid: 'You:',
    acks: ['Thank you, noted.', 'Thanks for your answer.', 'Got it, thank you.'],
    typing: 'The interviewer is typing…',
    sendHint: 'Ctrl+Enter to send.',
    thanksTitle: 'Thank you!',
    thanksBody: (org) => `Your interview is complete and your answers have been sent. A person at ${org} will review them and get back to you.`,
    externalIntro: 'The interview takes place in a voice call with the assistant.',
    errorGeneric: 'Something went wrong. Please try again in a moment.',
    errorUnavailable: 'The voice assistant is not available right now. Please try again in a moment.',
    errorGone: 'This link is no longer valid.',
    errorConflict: 'This question already has an answer. Here is the rest of your interview.',
    errorTooLarge: 'The recording is too long or unreadable. Record a shorter answer or type it.',
    live: {
      title: 'Live interview',
      state: {
        connecting: 'Connecting to the interviewer…',
        listening: 'Your turn: the interviewer is listening.',
        thinking: 'The interviewer is thinking…',
        speaking: 'The interviewer is speaking…',
        paused: 'The interview is paused.',
        reconnecting: 'Connection lost, reconnecting… The interview will resume where you were.',
      },
      captions: 'Conversation captions',
      captionsEmpty: 'The captions of the conversation appear here.',
      interviewer: 'Interviewer',
      you: 'You',
      mute: 'Mute',
      unmute: 'Unmute',
      mutedHint: 'Your microphone is muted: the interviewer cannot hear you.',
      pause: 'Pause',
      resume: 'Resume',
      repeat: 'Repeat the question',
      join: 'Continue the conversation',
      joinHint: 'Your interview is in progress. Press the button to turn on your microphone and continue where you left off.',
      takenOver: 'The interview continues in another tab or on another device.',
      takeBack: 'Continue here',
      failed: 'The live conversation is not available right now. Try again, or continue in writing: your answers count exactly the same.',
      retry: 'Try again',
      writingInstead: 'Continue in writing',
      writingHint: 'You can also continue in writing at any time.',
      micNeeded: 'The live conversation needs your microphone. Allow it, or continue in writing.',
    },
  },
});
