/**
 * What failed, why, and 'Prøv igen', for the first screen of /Faktura. @klinik/ui's LoadError uses Fluent's
 * MessageBar, whose motion code would weigh on the list's first load (budget); the lazily loaded parts use it.
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { texts } from '../texts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 12px',
    padding: '8px 12px',
    marginBottom: '12px',
    color: tokens.colorPaletteRedForeground1,
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  text: { flexGrow: 1, color: tokens.colorNeutralForeground1 },
  icon: { fontSize: '20px' },
});

export function ErrorNotice({ title, detail, onRetry }: { title: string; detail?: string | null; onRetry: () => void }) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="alert">
      <ErrorCircleRegular className={styles.icon} aria-hidden />
      <Text className={styles.text}>
        {title} {detail}
      </Text>
      <Button size="small" onClick={onRetry}>
        {texts.retry}
      </Button>
    </div>
  );
}
