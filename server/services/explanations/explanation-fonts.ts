import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The explanation PDF's fonts: DejaVu Sans (regular, bold, oblique) from the npm package dejavu-fonts-ttf (a
 * dependency, so every machine that runs `npm ci` has them; nothing from the operating system). Read once per
 * process; pdfkit embeds only the glyphs a document uses.
 */
export type ExplanationFonts = { regular: Buffer; bold: Buffer; oblique: Buffer };

const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', oblique: 'DejaVuSans-Oblique.ttf' } as const;

let loaded: ExplanationFonts | null = null;

/** The directory of the package's TrueType files, from the project's root (where the server and the tests run). */
export function dejavuDirectory(root = process.cwd()): string {
  return path.join(root, 'node_modules', 'dejavu-fonts-ttf', 'ttf');
}

export function explanationFonts(): ExplanationFonts {
  if (!loaded) {
    const dir = dejavuDirectory();
    loaded = {
      regular: readFileSync(path.join(dir, FILES.regular)),
      bold: readFileSync(path.join(dir, FILES.bold)),
      oblique: readFileSync(path.join(dir, FILES.oblique)),
    };
  }
  return loaded;
}
