/**
 * Rate limits and failure throttles count fixed one-minute windows. A test that needs N+1 requests in one window
 * first waits out the current window if fewer than `needSeconds` remain of it, so a window change cannot reset
 * the count mid-test.
 */
export async function awaitRoomInWindow(needSeconds = 15): Promise<void> {
  const intoWindow = (Date.now() % 60_000) / 1000;
  if (60 - intoWindow < needSeconds) await new Promise((r) => setTimeout(r, (60 - intoWindow) * 1000 + 250));
}
