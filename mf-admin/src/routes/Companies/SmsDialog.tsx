/**
 * A company's SMS year to date (spec 1 §3 'Year-to-date SMS data', §7 getCompanyYTD): one row a month with its
 * free SMS and the SMS sent about bookings and courses, and the year's totals. Loaded when first opened.
 */
import { Table, TableBody } from '@fluentui/react-components';
import { InfoDialog, QueryView, SkeletonRows, SmsYearTable, useQuery } from '@klinik/ui';
import { adminKeys, type CompanyRow } from '../../api';
import { useModule } from '../../module';
import { texts } from '../../texts';

const T = texts.sms;

export default function SmsDialog({ company, onClose }: { company: CompanyRow; onClose: () => void }) {
  const { api } = useModule();
  const ytd = useQuery([...adminKeys.ytd, company.id], () => api.ytd(company.id));

  return (
    <InfoDialog title={T.title(company.companyName)} closeLabel={texts.page.close} onClose={onClose}>
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
        {(data) => (
          <SmsYearTable
            ytd={data}
            label={T.tableLabel(data.year)}
            texts={{ month: T.month, free: T.freeTexts, booking: T.sentBooking, course: T.sentCourse, total: T.total }}
            monthLabel={(month) => `${T.months[month]} ${data.year}`}
          />
        )}
      </QueryView>
    </InfoDialog>
  );
}
