/**
 * Sentences for speech: TTS starts on the first complete sentence instead of waiting for the whole reply. A
 * sentence ends at `.`, `!`, `?`, `…` (or their full-width forms) followed by white space, or at a line break;
 * "e.g. " and decimals ("3.5") stay inside (no space after the dot, or a lower-case word follows).
 */

const END = /([.!?…。！？]+["')\]»”’]*)(\s+)(?=\S)|\n+/g;

/** The complete sentences of `text`, trimmed, none empty. */
export function splitSentences(text: string): string[] {
  const splitter = new SentenceSplitter();
  return [...splitter.push(text), ...splitter.flush()];
}

/** Sentences out of a stream of text deltas (a streamed chat completion). */
export class SentenceSplitter {
  private buffer = '';

  /** The sentences that `delta` completed. */
  push(delta: string): string[] {
    this.buffer += delta;
    const sentences: string[] = [];
    let start = 0;
    END.lastIndex = 0;
    for (let match = END.exec(this.buffer); match; match = END.exec(this.buffer)) {
      const end = match.index + (match[1]?.length ?? 0);
      const next = this.buffer[match.index + match[0].length];
      // "e.g. the" or "approx. three": a lower-case continuation is not a new sentence.
      if (match[1] && next !== undefined && /\p{Ll}/u.test(next)) continue;
      const sentence = this.buffer.slice(start, end).trim();
      if (sentence) sentences.push(sentence);
      start = match.index + match[0].length;
    }
    this.buffer = this.buffer.slice(start);
    return sentences;
  }

  /** What is left when the stream ends. */
  flush(): string[] {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest ? [rest] : [];
  }
}

/** The text the server asked to be said word for word: what stands between the `"""` lines (live-instructions.ts). */
export function quotedText(instructions: string | undefined): string | null {
  if (!instructions) return null;
  const match = /"""\s*\n?([\s\S]*?)\n?\s*"""/.exec(instructions);
  const text = match?.[1]?.trim();
  return text ? text : null;
}
