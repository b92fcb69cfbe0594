/** Support-team users: created and deactivated by the CLI (`npm run team:add`), never through the API. */
import type { Models } from '../../models/index.js';
import { hashPassword, newPasswordProblem } from './passwords.js';

export async function createTeamUser(models: Models, username: string, password: string) {
  const problem = newPasswordProblem(password);
  if (problem) throw new Error(problem);
  const passwordHash = await hashPassword(password);
  const user = await models.TeamUser.findOneAndUpdate(
    { username: username.trim().toLowerCase() },
    { $set: { passwordHash, isActive: true }, $inc: { tokenVersion: 1 } },
    { upsert: true, returnDocument: 'after' },
  ).lean();
  return { id: user._id.toString(), username: user.username };
}

export async function deactivateTeamUser(models: Models, username: string): Promise<boolean> {
  const result = await models.TeamUser.updateOne({ username: username.trim().toLowerCase() }, { $set: { isActive: false }, $inc: { tokenVersion: 1 } });
  return result.matchedCount === 1;
}
