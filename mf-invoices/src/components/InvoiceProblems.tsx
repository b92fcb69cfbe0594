/**
 * Why the invoice cannot be made yet, as a list ('Du mangler at udfylde (Firmaindstillinger: …)' and the rest, as
 * the server says them); the owner gets a link to the company settings when those are missing.
 */
import { Link, MessageBar, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { texts } from '../texts';

const T = texts.dialog;

const useStyles = makeStyles({
  list: { margin: '4px 0 0', paddingLeft: '20px' },
});

export function InvoiceProblems({ problems, isOwner, onOpenSettings }: { problems: readonly string[]; isOwner: boolean; onOpenSettings: () => void }) {
  const styles = useStyles();
  if (problems.length === 0) return null;
  const companyProblem = problems.some((problem) => problem.includes('Firmaindstillinger'));
  return (
    <MessageBar intent="error" role="alert" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{T.problems}</MessageBarTitle>
        <ul className={styles.list}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        {companyProblem && isOwner && <Link onClick={onOpenSettings}>{T.openSettings}</Link>}
      </MessageBarBody>
    </MessageBar>
  );
}
