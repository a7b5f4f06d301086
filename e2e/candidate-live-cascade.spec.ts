import { liveInterviewSpec } from './live-interview-scenario';

/** The live interview in the browser through the cascaded pipeline: Silero VAD here, STT → LLM → TTS (see the scenario). */
liveInterviewSpec('cascade');
