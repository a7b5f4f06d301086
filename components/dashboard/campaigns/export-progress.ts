/**
 * Counts the results in an export while it streams in, chunk by chunk, without holding or parsing the text:
 * CSV records end with a line break outside quotes (the header is not a result); JSON results are the objects
 * directly inside the `interviews` and `tests` arrays (depth 2), braces inside strings aside. The state carries
 * across chunks, so a chunk may end anywhere, even inside a quoted cell or an escape.
 */
export type RecordCounter = { push: (text: string) => void; readonly count: number };

export function createRecordCounter(format: 'csv' | 'json'): RecordCounter {
  return format === 'csv' ? csvCounter() : jsonCounter();
}

function csvCounter(): RecordCounter {
  let inQuotes = false;
  let lines = 0;
  return {
    push(text) {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        // A doubled quote inside a quoted cell toggles twice: the state comes out right without look-ahead.
        if (c === 34) inQuotes = !inQuotes;
        else if (c === 10 && !inQuotes) lines++;
      }
    },
    get count() {
      return Math.max(0, lines - 1);
    },
  };
}

function jsonCounter(): RecordCounter {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let items = 0;
  return {
    push(text) {
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (inString) {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') inString = true;
        else if (c === '{' || c === '[') {
          if (c === '{' && depth === 2) items++;
          depth++;
        } else if (c === '}' || c === ']') depth--;
      }
    },
    get count() {
      return items;
    },
  };
}

/** The file name of `Content-Disposition: attachment; filename="…"` (or RFC 5987 `filename*=UTF-8''…`), if any. */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return sanitizeFileName(decodeURIComponent(extended[1].trim()));
    } catch {
      // Malformed percent-encoding: fall through to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted) return sanitizeFileName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header);
  return bare ? sanitizeFileName(bare[1]) : null;
}

/** No folders in a download's name. */
function sanitizeFileName(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? null : base;
}

// In its own module: the export card shows sizes without loading the download code before the first export.
export { formatBytes } from './format-bytes';
