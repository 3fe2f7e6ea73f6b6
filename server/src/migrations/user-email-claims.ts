import { Model } from 'mongoose';
import { insertNew, slices } from '../common/natural-key';
import { emailClaim, User, UserEmail, UsersService } from '../users';

/**
 * Claims the address of every user stored before addresses were claimed. An existing claim
 * is kept unless it names a user that does not exist, so running it again, or on several
 * instances at once, changes nothing more.
 */
export async function userEmailClaims(
  users: Model<User>,
  emails: Model<UserEmail>,
  usersService: UsersService,
): Promise<void> {
  const stored = await users.find().select({ email: 1, createdAt: 1 }).lean();
  for (const slice of slices(stored)) {
    const claims = slice.map((user) => emailClaim(user.email, user._id, user.createdAt));
    for (const taken of await insertNew(emails, claims)) {
      const held = await emails.findById(taken._id).lean();
      if (held && !held.user.equals(taken.user) && !(await users.exists({ _id: held.user })))
        await usersService.takeOver(taken._id, held.user, taken.user);
    }
  }
}
