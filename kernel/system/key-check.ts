import type { Knex } from 'knex';
import { BootError } from '../plugin-loader.js';
import type { SecretBox } from '../secret-box.js';

const CONTEXT = 'kernel key check';
const PLAINTEXT = 'signage-server';

/**
 * Refuses to start a process whose keys cannot open what the database holds: servers on several
 * hosts that each made their own DATA_DIR/secrets.key would otherwise seal secrets that the others
 * cannot open (and print different setup tokens). The first process to start seals the check.
 */
export async function checkSecretKeys(db: Knex, box: SecretBox): Promise<void> {
  await db('kernel_key_check')
    .insert({ id: 1, sealed: box.seal(PLAINTEXT, CONTEXT) })
    .onConflict('id')
    .ignore();
  const { sealed } = await db('kernel_key_check').where({ id: 1 }).first('sealed');
  let opened: string | undefined;
  try {
    opened = box.open(sealed, CONTEXT);
  } catch {
    // reported below
  }
  if (opened !== PLAINTEXT) {
    const where = box.ring.source === 'env' ? 'SECRETS_KEY' : box.ring.source.file;
    throw new BootError(
      `the secret keys in ${where} are not the ones this database's secrets are sealed with: every process on one database needs the same keys ` +
        '(set SECRETS_KEY to the key in the first server’s DATA_DIR/secrets.key on every host)',
    );
  }
  box.register({ name: 'kernel: key check', reseal: () => resealCheck(db, box) });
}

async function resealCheck(db: Knex, box: SecretBox): Promise<number> {
  const { sealed } = await db('kernel_key_check').where({ id: 1 }).first('sealed');
  if (box.isCurrent(sealed)) return 0;
  return db('kernel_key_check')
    .where({ id: 1, sealed })
    .update({ sealed: box.reseal(sealed, CONTEXT) });
}
