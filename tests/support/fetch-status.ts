/**
 * The status of a fetch whose body the test does not need, with the body read to its end. A body left unread keeps
 * its connection open; when the app stops after the test, undici fails that body with "terminated", and nobody
 * awaits it: an unhandled rejection that fails the run at random (a 200 carrying audio was the one seen).
 */
export async function fetchStatus(input: string | URL, init?: RequestInit): Promise<number> {
  const res = await fetch(input, init);
  await res.arrayBuffer();
  return res.status;
}
