/** An invoice's payment status as a small badge ('Ubetalt', 'Forfalden', 'Betalt', 'Krediteret'), in the list and on the invoice. */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { InvoiceStatus } from '@klinik/core';
import { texts } from '../texts';

const useStyles = makeStyles({
  badge: {
    justifySelf: 'start',
    padding: '0 8px',
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  overdue: { color: tokens.colorPaletteRedForeground2, backgroundColor: tokens.colorPaletteRedBackground1, border: `1px solid ${tokens.colorPaletteRedBorder1}` },
  paid: { color: tokens.colorPaletteGreenForeground2, backgroundColor: tokens.colorPaletteGreenBackground1, border: `1px solid ${tokens.colorPaletteGreenBorder1}` },
});

export function StatusBadge({ status }: { status: InvoiceStatus }) {
  const styles = useStyles();
  return <span className={mergeClasses(styles.badge, status === 'overdue' && styles.overdue, status === 'paid' && styles.paid)}>{texts.status.badge[status]}</span>;
}
