// npm run keys -- create --tier pro --name NAME [--admin] [--account ID] | list | revoke <id-or-prefix>
import { parseArgs } from 'node:util';
import { loadConfig, type Tier } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createKeyStore } from './keys.ts';
import { AppError } from '../errors.ts';

const usage = `usage:
  npm run keys -- create --tier free|pro|enterprise --name NAME [--admin] [--account ACCOUNT_ID]
  npm run keys -- list
  npm run keys -- revoke <key id or prefix>

  create   a key for a new account (or for --account's); the secret is printed once
           --tier     free, pro (default) or enterprise: the account's limits
           --admin    an operator key: loads codes, clears memory
  list     every key: id, prefix, tier, admin, account, name, state
  revoke   a key by its id or prefix; its requests fail with 401 from then on`;

/** The arguments, or null after printing the usage: --help, or an option the command does not know (no stack trace). */
function args() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        tier: { type: 'string', default: 'pro' },
        name: { type: 'string' },
        admin: { type: 'boolean', default: false },
        account: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    console.error(`error: ${(err as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

const { values, positionals } = args();
if (values.help || positionals[0] === 'help') {
  console.log(usage);
  process.exit(0);
}

const config = loadConfig();
const db = await openDatabase({ url: config.databaseUrl });
const keys = createKeyStore(db);
try {
  const [command, arg] = positionals;
  if (command === 'create') {
    if (!values.name) throw new AppError('VALIDATION_ERROR', `--name is required\n\n${usage}`);
    const { secret, key } = await keys.create({
      name: values.name,
      tier: values.tier as Tier,
      admin: values.admin,
      accountId: values.account,
    });
    console.log(
      `Created ${key.tier}${key.admin ? ' admin' : ''} key "${key.name}" (id ${key.id}, account ${key.accountId}).`,
    );
    console.log(`Key (shown once, store it now): ${secret}`);
  } else if (command === 'list') {
    for (const k of await keys.list()) {
      console.log(
        [
          k.id,
          k.prefix + '…',
          k.tier,
          k.admin ? 'admin' : '-',
          k.accountId,
          k.name,
          k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active',
        ].join('\t'),
      );
    }
  } else if (command === 'revoke' && arg) {
    const k = await keys.revoke(arg);
    console.log(`Revoked key ${k.id} (${k.name}).`);
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof AppError ? `error: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
