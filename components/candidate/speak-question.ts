'use client';
import type { CandidateLanguage } from '@/server/i18n/languages';

export type Speaking = { done: Promise<void>; cancel: () => void };

const SILENT: Speaking = { done: Promise.resolve(), cancel: () => undefined };

/**
 * Speaks a question: the service's text-to-speech (`GET /speech/:turnNumber`, audio/mpeg) when the session says
 * so, else the browser's speechSynthesis when it has a voice for the language. Either may be missing (Chromium on
 * a server has no voices; autoplay may be refused before a click): the question is always on screen, so failing
 * to speak it resolves quietly.
 */
export function speakQuestion(text: string, options: { language: CandidateLanguage; serverUrl: string | null }): Speaking {
  if (options.serverUrl) return playServerSpeech(options.serverUrl);
  return speakInBrowser(text, options.language);
}

function playServerSpeech(url: string): Speaking {
  const audio = new Audio(url);
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
    audio.addEventListener('ended', () => resolve(), { once: true });
    audio.addEventListener('error', () => resolve(), { once: true });
  });
  audio.play().catch(() => finish());
  return {
    done,
    cancel: () => {
      audio.pause();
      finish();
    },
  };
}

function speakInBrowser(text: string, language: CandidateLanguage): Speaking {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return SILENT;
  const voices = window.speechSynthesis.getVoices();
  const voice = voices.find((v) => v.lang.toLowerCase().startsWith(language)) ?? null;
  if (!voice) return SILENT;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.lang = voice.lang;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
    utterance.onend = () => resolve();
    utterance.onerror = () => resolve();
    // Some engines never fire `end`: give up after a generous reading time.
    setTimeout(resolve, 4000 + text.length * 120);
  });
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
  return {
    done,
    cancel: () => {
      window.speechSynthesis.cancel();
      finish();
    },
  };
}
