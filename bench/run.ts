// `npm run bench`: runs every benchmark in this folder in turn; each prints its own figures.
import { readdirSync } from 'node:fs';

const here = new URL('.', import.meta.url).pathname;
for (const file of readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort()) {
  console.log(`\n# ${file}`);
  await import(`${here}${file}`);
}
