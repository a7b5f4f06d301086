'use client';

import { WatchButton } from '../notifications/watch-button';

/** The shared WatchButton for this interview, in its own module so the page loads it after its first paint. */
export function InterviewWatchButton({ interviewId, initialWatching }: { interviewId: string; initialWatching: boolean }) {
  return <WatchButton targetType="interview" targetId={interviewId} watching={initialWatching} />;
}
