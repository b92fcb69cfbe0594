/**
 * A clinic's SMS year to date as one table (the clinic's 'SMS-forbrug' and the administrator's SMS dialog): a row a
 * month, January first, with its free SMS and the SMS sent about bookings and courses, then the year's totals. The
 * strings are read by core's smsYearRows, so both pages show the same numbers for the same answer.
 */
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { smsYearRows, type SmsYearToDate } from '@klinik/core/rules';

const useStyles = makeStyles({
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  // The header cell's content sits in its own flex box.
  numberHead: { justifyContent: 'flex-end', textAlign: 'right' },
  total: { fontWeight: tokens.fontWeightSemibold },
  // 'September 2026' on one line: on a phone the month column wrapped while the number columns had room.
  month: { whiteSpace: 'nowrap' },
});

export interface SmsYearTableTexts {
  month: string;
  free: string;
  booking: string;
  course: string;
  total: string;
}

export function SmsYearTable({
  ytd,
  label,
  texts,
  monthLabel,
  size = 'small',
  className,
}: {
  ytd: SmsYearToDate;
  /** The table's accessible name, e.g. 'SMS i 2026'. */
  label: string;
  texts: SmsYearTableTexts;
  /** A row's month as shown (0 for January): 'Marts' or 'Marts 2026'. */
  monthLabel: (month: number) => string;
  size?: 'extra-small' | 'small' | 'medium';
  className?: string;
}) {
  const styles = useStyles();
  const { months, total } = smsYearRows(ytd);
  return (
    <Table aria-label={label} size={size} className={className}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{texts.month}</TableHeaderCell>
          <TableHeaderCell button={{ className: styles.numberHead }}>{texts.free}</TableHeaderCell>
          <TableHeaderCell button={{ className: styles.numberHead }}>{texts.booking}</TableHeaderCell>
          <TableHeaderCell button={{ className: styles.numberHead }}>{texts.course}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {months.map((row) => (
          <TableRow key={row.month}>
            <TableCell className={styles.month}>{monthLabel(row.month)}</TableCell>
            <TableCell className={styles.number}>{row.free}</TableCell>
            <TableCell className={styles.number}>{row.booking}</TableCell>
            <TableCell className={styles.number}>{row.course}</TableCell>
          </TableRow>
        ))}
        <TableRow className={styles.total}>
          <TableCell>{texts.total}</TableCell>
          <TableCell className={styles.number}>{total.free}</TableCell>
          <TableCell className={styles.number}>{total.booking}</TableCell>
          <TableCell className={styles.number}>{total.course}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
