import { createUser } from '@/server/services/users/create-user';
import { optionalFlag, requiredFlag } from '../args';
import type { CliCommand } from '../command';

export const userCreateCommand: CliCommand = {
  name: 'user:create',
  usage: 'user:create --org <orgId> --email <email> --password <password> [--name <name>]',
  async run({ database, args }) {
    // createUser validates (email form, password length) and checks the organization itself.
    return createUser(database.db, {
      orgId: requiredFlag(args, 'org'),
      email: requiredFlag(args, 'email'),
      password: requiredFlag(args, 'password'),
      name: optionalFlag(args, 'name'),
    });
  },
};
