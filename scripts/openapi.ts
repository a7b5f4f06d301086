import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildOpenApiDocument, serializeOpenApiDocument } from '@/server/openapi/build-openapi-document';
import { firstDifference } from '@/server/openapi/first-difference';

/**
 * `--write`: regenerates docs/openapi.json from the routers. `--check`: regenerates in memory and fails when the
 * committed file differs, naming the first difference, so the committed document never drifts from the code.
 */
const COMMITTED = path.join(process.cwd(), 'docs', 'openapi.json');
const RELATIVE = path.relative(process.cwd(), COMMITTED);

async function main(mode: string | undefined): Promise<number> {
  const document = buildOpenApiDocument();
  const text = serializeOpenApiDocument(document);

  if (mode === '--write') {
    await mkdir(path.dirname(COMMITTED), { recursive: true });
    await writeFile(COMMITTED, text);
    console.log(`Wrote ${RELATIVE} (${Object.keys(document.paths ?? {}).length} paths).`);
    return 0;
  }
  if (mode !== '--check') {
    console.error('Usage: tsx scripts/openapi.ts --write | --check');
    return 2;
  }

  const fix = 'Run `npm run openapi:generate` and commit the result.';
  if (!existsSync(COMMITTED)) {
    console.error(`${RELATIVE} is missing. ${fix}`);
    return 1;
  }
  const committedText = await readFile(COMMITTED, 'utf8');
  if (committedText === text) {
    console.log(`${RELATIVE} is up to date.`);
    return 0;
  }
  let committed: unknown;
  try {
    committed = JSON.parse(committedText);
  } catch (error) {
    console.error(`${RELATIVE} is not valid JSON (${(error as Error).message}). ${fix}`);
    return 1;
  }
  const difference = firstDifference(document, committed);
  const where = difference
    ? `first difference at ${difference.path} (${describe(difference.reason)})`
    : 'the content is the same but the formatting differs';
  console.error(`${RELATIVE} is out of date with the routers: ${where}. ${fix}`);
  return 1;
}

function describe(reason: string): string {
  if (reason === 'missing') return 'in the generated document, missing from the committed file';
  if (reason === 'unexpected') return 'in the committed file, no longer generated';
  return reason;
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
