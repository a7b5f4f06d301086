import type { AtsRequest } from '../deliver-ats-writeback';

/**
 * Greenhouse's "PATCH - Mark Test as Completed" (developers.greenhouse.io/assessment.html#patch-mark-test-as-completed):
 * a PATCH, with no parameters, to the `url` Greenhouse gave in send_test, authenticated as every call of the
 * protocol is, HTTP Basic with the organization's key as the username and an empty password. Greenhouse then calls
 * our test_status, which answers the result.
 */
export function greenhouseCompletionRequest(input: { url: string; key: string | null }): AtsRequest {
  const headers: Record<string, string> = { 'user-agent': 'interview-screening-greenhouse/1' };
  if (input.key) headers.authorization = `Basic ${Buffer.from(`${input.key}:`, 'utf8').toString('base64')}`;
  return { method: 'PATCH', url: input.url, headers, body: '' };
}
