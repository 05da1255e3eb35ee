// npm run codes -- ingest --file-id <id> <file.pdf>   load a code's PDF into the search index
// npm run codes -- list                               the library with each code's index status
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../core/config.ts';
import { openDatabase } from '../../../core/db/client.ts';
import { AppError } from '../../../core/errors.ts';
import { readCatalogue, seedCodes } from '../codes.ts';
import { embedderFor } from '../../../core/embedding/embed.ts';
import { extractCodeText } from './extract-text.ts';
import { ingestCode } from './ingest.ts';
import { passageIndexFor } from './index-for.ts';

const usage = `usage:
  npm run codes -- ingest --file-id <file_id> <file.pdf>
  npm run codes -- list`;

/** A progress line: a bar in a terminal, a line every tenth otherwise (logs, CI). */
function progress(label: string) {
  const tty = process.stdout.isTTY;
  let lastTenth = -1;
  return (done: number, total: number) => {
    if (tty) {
      const width = 30;
      const filled = Math.round((done / total) * width);
      process.stdout.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} pages`);
      if (done === total) process.stdout.write('\n');
    } else {
      const tenth = Math.floor((done / total) * 10);
      if (tenth !== lastTenth || done === total) {
        lastTenth = tenth;
        console.log(`${label} ${done}/${total} pages`);
      }
    }
  };
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'file-id': { type: 'string' } } });
const config = loadConfig();
const db = await openDatabase({ url: config.databaseUrl });
try {
  await seedCodes(db, readCatalogue(new URL('../data/codes.json', import.meta.url)));
  const [command, file] = positionals;
  if (command === 'ingest' && file && values['file-id']) {
    const bytes = new Uint8Array(fs.readFileSync(file));
    const summary = await ingestCode(
      {
        db,
        index: passageIndexFor(db),
        embedder: embedderFor({ ...config, embedder: config.codeEmbedder }),
        extract: (b) => extractCodeText(b, progress('reading')),
      },
      values['file-id'],
      bytes,
      (stage) => console.log(`${stage}…`),
    );
    console.log(
      `Indexed ${summary.fileId}: ${summary.pages} pages, ${summary.passages} passages in ${summary.seconds.toFixed(1)} s`,
    );
  } else if (command === 'list') {
    for (const c of await db.codeEntry.findMany({ orderBy: { addedAt: 'asc' } })) {
      console.log([c.fileId, c.designStandard, c.indexStatus, c.pageCount ?? '-', c.passageCount ?? '-'].join('\t'));
    }
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof AppError ? `error: ${err.code}: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
