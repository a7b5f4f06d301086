import { unsafeRevokeApiKeyById } from '@/server/services/api-keys/revoke-api-key';
import { requiredFlag } from '../args';
import type { CliCommand } from '../command';

export const keyRevokeCommand: CliCommand = {
  name: 'key:revoke',
  usage: 'key:revoke --id <keyId>',
  async run({ database, args }) {
    // The operator stands above organizations: a key id alone is enough.
    return unsafeRevokeApiKeyById(database.db, requiredFlag(args, 'id'));
  },
};
