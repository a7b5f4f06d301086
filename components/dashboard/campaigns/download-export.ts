import type { ContractError } from '@/components/trpc/errors';
import { createRecordCounter, fileNameFromContentDisposition } from './export-progress';

export type ExportFormat = 'csv' | 'json' | 'readable-csv';
export type ExportType = 'all' | 'interviews' | 'tests';
export type ExportProgress = { bytes: number; records: number };

export class ExportFailed extends Error {
  constructor(readonly error: ContractError) {
    super(error.message);
  }
}

/**
 * Downloads a campaign's export from the dashboard's session-authenticated route: the body is read as it
 * streams (reporting bytes and results received), then saved through a Blob link under the server's file name.
 * The browser keeps the whole file in memory once, as any Blob download does; the server never does.
 */
export async function downloadExport(
  input: { campaignId: string; format: ExportFormat; type: ExportType },
  options: { onProgress: (progress: ExportProgress) => void; signal?: AbortSignal },
): Promise<{ fileName: string } & ExportProgress> {
  const query = new URLSearchParams({ campaignId: input.campaignId, format: input.format, type: input.type });
  // The readable CSV's dates are in the viewer's own time zone, named in its column titles.
  if (input.format === 'readable-csv') query.set('timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  let response: Response;
  try {
    response = await fetch(`/api/dashboard/export?${query}`, { signal: options.signal, credentials: 'same-origin', cache: 'no-store' });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ExportFailed({ code: 'NETWORK', message: 'The server could not be reached. Check your connection and try again.' });
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: ContractError } | null;
    throw new ExportFailed(body?.error ?? { code: 'INTERNAL', message: `The export failed (HTTP ${response.status}).` });
  }
  const fileName = fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? `campaign-${input.campaignId}-${input.type}.${input.format === 'json' ? 'json' : 'csv'}`;
  const counter = createRecordCounter(input.format === 'json' ? 'json' : 'csv');
  const decoder = new TextDecoder();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      bytes += value.byteLength;
      counter.push(decoder.decode(value, { stream: true }));
      options.onProgress({ bytes, records: counter.count });
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // The server had already answered 200: a stream cut short is a failed export, never a partial file.
    throw new ExportFailed({ code: 'INTERNAL', message: 'The download was interrupted before the end. Try again.', requestId: response.headers.get('x-request-id') ?? undefined });
  }
  saveBlob(new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }), fileName);
  return { fileName, bytes, records: counter.count };
}

function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download; the URL may go once the browser has taken the Blob.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
