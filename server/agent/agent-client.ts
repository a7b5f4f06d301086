/** The internal routes' HTTP client lives with the built-in interviewer, its main user; the simulated agent shares it. */
export * from '@/server/services/interviewer/agent-client';
