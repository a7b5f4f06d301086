/**
 * Turn-taking rules of the live interviewer that need no state (docs/INTERVIEWER.md, "Live mode").
 *
 * A back-channel is what a listener says to show they follow ("uh-huh", "mm-hmm", "ok", "d'accord"): said over the
 * interviewer it does not stop it, and it is not an answer. Only transcripts made of nothing else count, at most
 * three words: "ok, so I think…" is the start of an answer.
 */
const BACK_CHANNEL_WORDS = new Set([
  'uh-huh', 'uhhuh', 'uh', 'huh', 'um', 'umm', 'hm', 'hmm', 'mm', 'mhm', 'mmhm', 'mm-hmm', 'mm-hm', 'm-hm', 'ah', 'oh', 'ok', 'okay', 'yeah', 'yes', 'yep',
  'right', 'sure', 'alright', 'i', 'see', 'got', 'it', 'cool', 'great', 'euh', 'hum', 'oui', 'ouais', "d'accord", 'daccord', 'bien', 'voilà', 'ah', 'bon',
]);

export function isBackChannel(transcript: string): boolean {
  const words = transcript
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[^\p{L}'\- ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return true;
  if (words.length > 3) return false;
  return words.every((w) => BACK_CHANNEL_WORDS.has(w) || /^(m+h?m+|h?m+|u+h+|a+h+|o+h+)$/.test(w));
}

/** One 20 ms window of PCM16 whose RMS reaches this is voiced, for the barge-in check (the page has AGC on). */
export const VOICED_RMS = 300;

/** Milliseconds of `pcm` (PCM16 24 kHz mono) in 20 ms windows loud enough to be speech. */
export function voicedMs(pcm: Buffer): number {
  const window = 960; // 20 ms
  let voiced = 0;
  for (let at = 0; at + 1 < pcm.length; at += window) {
    const end = Math.min(pcm.length, at + window);
    let sum = 0;
    let n = 0;
    for (let i = at; i + 1 < end; i += 2) {
      const v = pcm.readInt16LE(i);
      sum += v * v;
      n++;
    }
    if (n && Math.sqrt(sum / n) >= VOICED_RMS) voiced += (n / 24_000) * 1000;
  }
  return voiced;
}
