// `node test/helpers/migrate-database.ts <url>`: opens the database, which applies its
// migrations, and closes it. Run by global-postgres.ts in a process of its own (Vitest's global
// setup runs where the libSQL driver's loader cannot).
import { openDatabase } from '../../core/db/client.ts';

const db = await openDatabase({ url: process.argv[2]! });
await db.$disconnect();
