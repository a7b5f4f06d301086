import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, read without a PDF library: each object's stream inflated, each font's ToUnicode CMap
 * parsed (embedded TrueType subsets write two-byte glyph codes), then every Tj/TJ string of the content streams
 * decoded with the font selected by the last Tf (a font without a CMap: WinAnsi bytes). One space between
 * operators, whitespace collapsed. Enough for the documents pdfkit writes; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2];
    const at = body.search(/stream\r?\n/);
    let stream: string | null = null;
    let dict = body;
    if (at >= 0) {
      dict = body.slice(0, at);
      const start = match.index! + match[0].indexOf(body) + at + body.slice(at).match(/stream\r?\n/)![0].length;
      const end = raw.indexOf('endstream', start);
      const bytes = pdf.subarray(start, end);
      try {
        stream = /FlateDecode/.test(dict) ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1');
      } catch {
        stream = null;
      }
    }
    objects.set(Number(match[1]), { dict, stream });
  }

  // Font resource names (/F1…) to their CMap: code → text.
  const cmaps = new Map<number, Map<number, string>>();
  for (const [id, obj] of objects) {
    const ref = obj.dict.match(/\/ToUnicode (\d+) 0 R/);
    if (!/\/Type\s*\/Font/.test(obj.dict) || !ref) continue;
    const cmap = objects.get(Number(ref[1]))?.stream;
    if (cmap) cmaps.set(id, parseCMap(cmap));
  }
  const fontByName = new Map<string, Map<number, string> | null>();
  for (const obj of objects.values())
    for (const m of obj.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontByName.set(m[1], cmaps.get(Number(m[2])) ?? null);

  const lines: string[] = [];
  for (const obj of objects.values()) {
    if (!obj.stream || !/\b(TJ|Tj)\b/.test(obj.stream)) continue;
    let cmap: Map<number, string> | null = null;
    for (const op of obj.stream.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1]) {
        cmap = fontByName.get(op[1]) ?? null;
        continue;
      }
      const hex = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('') : op[3];
      lines.push(decode(hex, cmap));
    }
  }
  return lines.join(' ').replace(/\s+/g, ' ');
}

/** The fonts a PDF embeds (their /BaseFont names, a subset's tag included: "ABCDEF+DejaVuSans"). */
export function pdfFonts(pdf: Buffer): string[] {
  return [...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont\s*\/([^\s/>]+)/g)].map((m) => m[1]))];
}

function decode(hex: string, cmap: Map<number, string> | null): string {
  if (!cmap) return new TextDecoder('windows-1252').decode(Buffer.from(hex, 'hex'));
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
  return out;
}

const utf16 = (spaced: string) => {
  const hex = spaced.replace(/\s+/g, '');
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of section[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(m[1], 16), utf16(m[2]));
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of section[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      // pdfkit writes a ligature's several code points in one entry, space-separated: <0066 0066>.
      const from = parseInt(m[1], 16);
      const to = parseInt(m[2], 16);
      if (m[3].startsWith('[')) [...m[3].matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((d, i) => map.set(from + i, utf16(d[1])));
      else {
        const base = parseInt(m[3].slice(1, -1), 16);
        for (let code = from; code <= to; code++) map.set(code, String.fromCharCode(base + code - from));
      }
    }
  return map;
}
