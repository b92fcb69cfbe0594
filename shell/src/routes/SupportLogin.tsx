/** `/support-login`: the support team's own login, leading to /support-import-data. */
import { useClients } from '../session/session';
import { storeTeamToken } from '../session/storage';
import { texts } from '../texts';
import { StaffSignIn } from './StaffSignIn';

export default function SupportLogin() {
  const clients = useClients();
  return (
    <StaffSignIn
      kind="team"
      title={texts.support.title}
      passwordLabel={texts.support.password}
      submitLabel={texts.support.submit}
      refusedText={texts.support.failed}
      signIn={async (credentials) => {
        const answer = await clients.team.call('teamLogin', credentials);
        storeTeamToken(answer.teamToken, answer.expiresIn);
        return answer.deviceToken;
      }}
      landing="/support-import-data"
    />
  );
}
