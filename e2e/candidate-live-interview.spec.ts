import { liveInterviewSpec } from './live-interview-scenario';

/** The live interview in the browser over the OpenAI Realtime protocol, relayed by the server (see the scenario). */
liveInterviewSpec('realtime');
