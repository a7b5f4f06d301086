import { z } from 'zod';
import { USER_ROLES } from '@/db/schema/users';
import { idString, nullableTimestampOut, timestampOut } from '../fields';
import { CreateUserInputSchema, UserEmailSchema } from '../users/user-schemas';

export const UserRoleSchema = z.enum(USER_ROLES, { error: () => `Must be one of: ${USER_ROLES.join(', ')}` });

/** A team invitation link lives this long. */
export const TEAM_INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const InviteMemberInputSchema = z.strictObject({ email: UserEmailSchema, role: UserRoleSchema });
export const RevokeTeamInvitationInputSchema = z.strictObject({ id: idString('Invitation id (tiv_…).') });
export const SetMemberRoleInputSchema = z.strictObject({ userId: idString('User id (usr_…).'), role: UserRoleSchema });
export const RemoveMemberInputSchema = z.strictObject({ userId: idString('User id (usr_…).') });

/** What the invitee chooses on the join page: the password rules are those of every user (create-user). */
export const AcceptTeamInvitationInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter your name').max(200, 'Must be at most 200 characters'),
  password: CreateUserInputSchema.shape.password,
});

export const MemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: UserRoleSchema,
  createdAt: timestampOut(),
});
export type MemberDto = z.infer<typeof MemberSchema>;

export const TeamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: UserRoleSchema,
  expiresAt: timestampOut(),
  /** Pending invitations past their date stay listed (so an admin sees why nobody joined) until re-sent or revoked. */
  expired: z.boolean(),
  createdAt: timestampOut(),
});
export type TeamInvitationDto = z.infer<typeof TeamInvitationSchema>;

export const TeamSchema = z.object({ members: z.array(MemberSchema), invitations: z.array(TeamInvitationSchema) });
export type TeamDto = z.infer<typeof TeamSchema>;

export const InvitedMemberSchema = z.object({ invitation: TeamInvitationSchema, replaced: z.boolean() });
export const RemovedMemberSchema = z.object({ userId: z.string(), sessionsEnded: z.number().int() });
export const RevokedInvitationSchema = z.object({ id: z.string(), revokedAt: nullableTimestampOut() });
