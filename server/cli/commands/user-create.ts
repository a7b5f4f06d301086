import { createUser } from '@/server/services/users/create-user';
import type { CreateUserInput } from '@/server/services/users/user-schemas';
import { optionalFlag, requiredFlag } from '../args';
import type { CliCommand } from '../command';

export const userCreateCommand: CliCommand = {
  name: 'user:create',
  usage: 'user:create --org <orgId> --email <email> --password <password> [--name <name>] [--role admin|recruiter|viewer]',
  async run({ database, args }) {
    // createUser validates (email form, password length) and checks the organization itself.
    return createUser(database.db, {
      orgId: requiredFlag(args, 'org'),
      email: requiredFlag(args, 'email'),
      password: requiredFlag(args, 'password'),
      name: optionalFlag(args, 'name'),
      role: optionalFlag(args, 'role') as CreateUserInput['role'],
    });
  },
};
