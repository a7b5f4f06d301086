import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('LIVE_PIPELINE', () => {
  it('defaults to the realtime relay', () => {
    expect(parseEnv({}).LIVE_PIPELINE).toBe('realtime');
  });

  it('cascade names each missing server it needs', () => {
    const error = (() => {
      try {
        parseEnv({ LIVE_PIPELINE: 'cascade', STT_BASE_URL: 'http://localhost:8000/v1' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toMatch(/LLM_BASE_URL: required when LIVE_PIPELINE=cascade/);
    expect((error as Error).message).toMatch(/TTS_BASE_URL: required when LIVE_PIPELINE=cascade/);
    expect((error as Error).message).not.toMatch(/STT_BASE_URL/);
    const env = parseEnv({ LIVE_PIPELINE: 'cascade', STT_BASE_URL: 'http://stt:8000/v1', LLM_BASE_URL: 'http://llm:11434/v1', TTS_BASE_URL: 'http://tts:8880/v1' });
    expect(env.LIVE_PIPELINE).toBe('cascade');
  });

  it('refuses another value, saying which are allowed', () => {
    expect(() => parseEnv({ LIVE_PIPELINE: 'speech' })).toThrow(/LIVE_PIPELINE: must be "realtime" or "cascade"/);
  });
});
