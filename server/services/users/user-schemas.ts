import { z } from 'zod';
import { USER_ROLES } from '@/db/schema/users';
import { timestampOut } from '../fields';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;

export const UserEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Must be at most 254 characters')
  .pipe(z.email({ message: 'Must be a valid email address' }));

export const CreateUserInputSchema = z.strictObject({
  email: UserEmailSchema.describe('Sign-in email, unique across all organizations; stored trimmed and lower-cased.'),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Must be at least ${PASSWORD_MIN_LENGTH} characters`)
    // scrypt cost grows with the input: a bound keeps a sign-in from becoming a denial of service.
    .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters`),
  name: z.string().trim().min(1, 'Must not be empty').max(200, 'Must be at most 200 characters').nullable().optional(),
  role: z.enum(USER_ROLES, { error: () => `Must be one of: ${USER_ROLES.join(', ')}` }).default('admin').describe('What the user may do; admin unless said otherwise.'),
});
export type CreateUserInput = z.input<typeof CreateUserInputSchema>;

/** A recruiter as shown to the operator: never the password hash. */
export const UserSchema = z.object({
  id: z.string().describe('User id (usr_…).'),
  orgId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(USER_ROLES),
  createdAt: timestampOut(),
});
export type UserDto = z.infer<typeof UserSchema>;
