// Part of npm run docs: writes docs/reference/configuration.md and .env.example from the
// declarations; with --check, only says whether the checked-in copies are current (exit 1 if not).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configurationReference, envExample } from './reference.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const files = { 'docs/reference/configuration.md': configurationReference(), '.env.example': envExample() };
const check = process.argv.includes('--check');
let stale = 0;
for (const [file, text] of Object.entries(files)) {
  const full = path.join(ROOT, file);
  const current = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
  if (current === text) continue;
  stale++;
  if (check) console.error(`${file} is stale: run npm run docs`);
  else {
    fs.writeFileSync(full, text);
    console.log(`wrote ${file}`);
  }
}
if (check && stale) process.exit(1);
