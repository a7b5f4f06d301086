import type { CandidateLanguage } from '@/server/i18n/candidate-locale';
import { CANDIDATE_LANGUAGES } from '@/server/i18n/languages';
import { interviewMessages } from '@/server/i18n/messages/interview';
import { createTranslator } from '@/server/i18n/translator';
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
  noticeDetails: string;
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
  thanksNextTitle: string;
  thanksNextDefault: (org: string) => string;
  ratingLegend: string;
  rating: (score: number) => string;
  ratingComment: string;
  ratingSend: string;
  ratingThanks: string;
  ratingPrivacy: string;
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

/** The interview's copy in one language, from the `interview` catalogue (server/i18n/messages/interview). */
export function interviewCopy(language: CandidateLanguage): InterviewCopy {
  const t = createTranslator(interviewMessages, language);
  return {
    noticeTitle: t('noticeTitle'),
    noticeAi: (mode) => t('noticeAi', { mode }),
    noticeRecorded: (mode) => t('noticeRecorded', { mode }),
    noticeWritten: t('noticeWritten'),
    noticeHuman: (org) => t('noticeHuman', { org }),
    noticeRetention: (days) => t('noticeRetention', { days: days ?? 0 }),
    noticeContact: (org, email) => (email ? t('noticeContactEmail', { org, email }) : t('noticeContactReply', { org })),
    noticeAlternative: (org, email) => (email ? t('noticeAlternativeEmail', { email }) : t('noticeAlternativeReply', { org })),
    noticeDetails: t('noticeDetails'),
    acknowledge: t('acknowledge'),
    acknowledgeRequired: t('acknowledgeRequired'),
    continue: t('continue'),
    setupTitle: t('setupTitle'),
    modeLegend: t('modeLegend'),
    modeVoice: t('modeVoice'),
    modeVoiceHint: t('modeVoiceHint'),
    modeLive: t('modeLive'),
    modeLiveHint: t('modeLiveHint'),
    modeWriting: t('modeWriting'),
    modeWritingHint: t('modeWritingHint'),
    voiceUnavailable: t('voiceUnavailable'),
    micTitle: t('micTitle'),
    micAsk: t('micAsk'),
    micAsking: t('micAsking'),
    micLevel: t('micLevel'),
    micHeard: t('micHeard'),
    micSilent: t('micSilent'),
    micDenied: t('micDenied'),
    micUnsupported: t('micUnsupported'),
    micRetry: t('micRetry'),
    useWriting: t('useWriting'),
    start: t('start'),
    starting: t('starting'),
    progress: (current, total) => t('progress', { current, total }),
    questionLabel: (number) => t('questionLabel', { number }),
    followUp: t('followUp'),
    replay: t('replay'),
    speaking: t('speaking'),
    recordStart: t('recordStart'),
    recording: (seconds) => t('recording', { seconds }),
    recordStop: t('recordStop'),
    recordAgain: t('recordAgain'),
    uploading: t('uploading'),
    transcribing: t('transcribing'),
    transcriptLabel: t('transcriptLabel'),
    transcriptHint: t('transcriptHint'),
    transcriptPoor: t('transcriptPoor'),
    transcriptMissing: t('transcriptMissing'),
    writtenLabel: t('writtenLabel'),
    writtenHint: (limit) => t('writtenHint', { minutes: Math.round(limit / 60) || 1 }),
    send: t('send'),
    sending: t('sending'),
    retrying: t('retrying'),
    offline: t('offline'),
    timeUp: t('timeUp'),
    answerEmpty: t('answerEmpty'),
    switchToWriting: t('switchToWriting'),
    switchToVoice: t('switchToVoice'),
    resumed: (number) => t('resumed', { number }),
    threadTitle: t('threadTitle'),
    threadLabel: t('threadLabel'),
    interviewerSays: t('interviewerSays'),
    youSaid: t('youSaid'),
    acks: [t('ack1'), t('ack2'), t('ack3')],
    typing: t('typing'),
    sendHint: t('sendHint'),
    thanksTitle: t('thanksTitle'),
    thanksBody: (org) => t('thanksBody', { org }),
    thanksNextTitle: t('thanksNextTitle'),
    thanksNextDefault: (org) => t('thanksNextDefault', { org }),
    ratingLegend: t('ratingLegend'),
    rating: (score) => t('rating', { score }),
    ratingComment: t('ratingComment'),
    ratingSend: t('ratingSend'),
    ratingThanks: t('ratingThanks'),
    ratingPrivacy: t('ratingPrivacy'),
    externalIntro: t('externalIntro'),
    errorGeneric: t('errorGeneric'),
    errorUnavailable: t('errorUnavailable'),
    errorGone: t('errorGone'),
    errorConflict: t('errorConflict'),
    errorTooLarge: t('errorTooLarge'),
    live: {
      title: t('liveTitle'),
      state: {
        connecting: t('liveConnecting'),
        listening: t('liveListening'),
        thinking: t('liveThinking'),
        speaking: t('liveSpeaking'),
        paused: t('livePaused'),
        reconnecting: t('liveReconnecting'),
      },
      captions: t('liveCaptions'),
      captionsEmpty: t('liveCaptionsEmpty'),
      interviewer: t('liveInterviewer'),
      you: t('liveYou'),
      mute: t('liveMute'),
      unmute: t('liveUnmute'),
      mutedHint: t('liveMutedHint'),
      pause: t('livePause'),
      resume: t('liveResume'),
      repeat: t('liveRepeat'),
      join: t('liveJoin'),
      joinHint: t('liveJoinHint'),
      takenOver: t('liveTakenOver'),
      takeBack: t('liveTakeBack'),
      failed: t('liveFailed'),
      retry: t('liveRetry'),
      writingInstead: t('liveWritingInstead'),
      writingHint: t('liveWritingHint'),
      micNeeded: t('liveMicNeeded'),
    },
  };
}

export const INTERVIEW_COPY = Object.fromEntries(CANDIDATE_LANGUAGES.map((l) => [l, interviewCopy(l)])) as Record<CandidateLanguage, InterviewCopy>;
