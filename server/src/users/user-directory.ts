import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ChangeLog, ReadOnFirstUse } from '../changes';
import { idString } from '../common/object-id';
import { User } from './user.schema';

type NamedUser = Pick<User, 'name' | 'email'> & { _id: Types.ObjectId };

/** What a search of users by name or e-mail reads of each: both, in lower case. */
const searchedText = (user: NamedUser) => `${user.name}\n${user.email}`.toLowerCase();

/**
 * Every user's name and e-mail in lower case, held in this process, for the admin's search of
 * orders by buyer: one pass over the text of every user, where the embedded engine would read
 * and decode the whole users collection for a pattern (docs/decisions/009-embedded-engine-gaps.md).
 *
 * Loaded the first time it is asked (one read of the collection, through a cursor, with only
 * the two fields), so a shop whose admin never searches by buyer holds nothing; then kept in
 * step through the change log as the catalogue is: UsersService announces every user written.
 * About 150 bytes a user: some 15 MB at 100,000 users.
 */
@Injectable()
export class UserDirectory {
  private readonly texts = new ReadOnFirstUse<Map<string, string>>(
    () => this.readAll(),
    (texts, id) => this.reread(texts, id),
  );

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    changes: ChangeLog,
  ) {
    changes.subscribe('user', this.texts.subscriber);
  }

  /**
   * The ids of the users whose name or e-mail holds `text`, ignoring case: one `includes` per
   * user, a few milliseconds at 100,000 users.
   */
  async matching(text: string): Promise<Set<string>> {
    const wanted = text.toLowerCase();
    const found = new Set<string>();
    for (const [id, searched] of await this.texts.get()) {
      if (searched.includes(wanted)) found.add(id);
    }
    return found;
  }

  private async readAll(): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    const stored = this.users.find().select({ name: 1, email: 1 }).lean<NamedUser[]>().cursor();
    for await (const user of stored) texts.set(idString(user._id), searchedText(user));
    return texts;
  }

  /** Re-reads one user by `_id`. */
  private async reread(texts: Map<string, string>, id: string): Promise<void> {
    const user = Types.ObjectId.isValid(id)
      ? await this.users.findById(id).select({ name: 1, email: 1 }).lean<NamedUser>()
      : null;
    if (user) texts.set(id, searchedText(user));
    else texts.delete(id);
  }
}
