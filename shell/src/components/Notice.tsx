/**
 * A message on the sign-in pages: errors announced as alerts, the rest as status. Deliberately light (Fluent
 * tokens, no MessageBar): the login page is the first page and MessageBar's motion package alone is ~10 KB.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { TimedMessage } from './useTimedMessage';

const useStyles = makeStyles({
  box: {
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px 12px',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  error: { backgroundColor: tokens.colorStatusDangerBackground1, border: `1px solid ${tokens.colorStatusDangerBorder1}`, color: tokens.colorStatusDangerForeground1 },
  success: { backgroundColor: tokens.colorStatusSuccessBackground1, border: `1px solid ${tokens.colorStatusSuccessBorder1}`, color: tokens.colorStatusSuccessForeground1 },
  warning: { backgroundColor: tokens.colorStatusWarningBackground1, border: `1px solid ${tokens.colorStatusWarningBorder1}`, color: tokens.colorStatusWarningForeground1 },
  info: { backgroundColor: tokens.colorNeutralBackground3 },
});

export function Notice({ message }: { message: TimedMessage | null }) {
  const styles = useStyles();
  if (!message) return null;
  return (
    <div role={message.intent === 'error' ? 'alert' : 'status'} className={mergeClasses(styles.box, styles[message.intent])}>
      {message.text}
    </div>
  );
}
