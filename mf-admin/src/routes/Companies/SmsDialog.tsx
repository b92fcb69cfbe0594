/**
 * A company's SMS year to date (spec 1 §3 'Year-to-date SMS data', §7 getCompanyYTD): one row a month with its
 * free SMS and the SMS sent about bookings and courses, and the year's totals. Loaded when first opened.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { QueryView, SkeletonRows, useQuery } from '@klinik/ui';
import { adminKeys, type AdminApi, type CompanyRow } from '../../api';
import { texts } from '../../texts';
import { ytdMonths } from './model';

const T = texts.sms;

const useStyles = makeStyles({
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  // The header cell's content sits in its own flex box.
  numberHead: { justifyContent: 'flex-end', textAlign: 'right' },
  total: { fontWeight: tokens.fontWeightSemibold },
  // 'September 2026' on one line: on a phone the month column wrapped while the number columns had room.
  month: { whiteSpace: 'nowrap' },
});

export default function SmsDialog({ api, company, onClose }: { api: AdminApi; company: CompanyRow; onClose: () => void }) {
  const styles = useStyles();
  const ytd = useQuery([...adminKeys.ytd, company.id], () => api.ytd(company.id));

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{T.title(company.companyName)}</DialogTitle>
          <DialogContent>
            <QueryView
              query={ytd}
              errorTitle={T.loadFailed}
              loading={
                <Table aria-busy>
                  <TableBody>
                    <SkeletonRows rows={12} columns={4} />
                  </TableBody>
                </Table>
              }
            >
              {(data) => {
                const { months, total } = ytdMonths(data);
                return (
                  <Table aria-label={T.tableLabel(data.year)} size="small">
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell>{T.month}</TableHeaderCell>
                        <TableHeaderCell button={{ className: styles.numberHead }}>{T.freeTexts}</TableHeaderCell>
                        <TableHeaderCell button={{ className: styles.numberHead }}>{T.sentBooking}</TableHeaderCell>
                        <TableHeaderCell button={{ className: styles.numberHead }}>{T.sentCourse}</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {months.map((row) => (
                        <TableRow key={row.month}>
                          <TableCell className={styles.month}>{`${T.months[row.month]} ${data.year}`}</TableCell>
                          <TableCell className={styles.number}>{row.freeTexts}</TableCell>
                          <TableCell className={styles.number}>{row.sentBooking}</TableCell>
                          <TableCell className={styles.number}>{row.sentCourse}</TableCell>
                        </TableRow>
                      ))}
                      <TableRow className={styles.total}>
                        <TableCell>{T.total}</TableCell>
                        <TableCell className={styles.number}>{total.freeTexts}</TableCell>
                        <TableCell className={styles.number}>{total.sentBooking}</TableCell>
                        <TableCell className={styles.number}>{total.sentCourse}</TableCell>
                      </TableRow>
                    </TableBody>
                  </Table>
                );
              }}
            </QueryView>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {texts.page.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
