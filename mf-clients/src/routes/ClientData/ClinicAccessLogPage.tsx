/** `/Klientdata?view=adgangslog`: the owner's clinic-wide access log, loaded when first shown. */
import { Link, makeStyles } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { PageHeader } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import ClinicAccessLog from '../../components/accesslog/ClinicAccessLog';
import { accessLogTexts as T } from '../../components/accesslog/texts';
import { texts } from '../../components/clientdata/texts';

const useStyles = makeStyles({ back: { display: 'inline-flex', alignItems: 'center', gap: '4px', marginBottom: '8px' } });

export default function ClinicAccessLogPage({ api, onBack }: { api: ClientsApi; onBack: () => void }) {
  const styles = useStyles();
  return (
    <section>
      <Link
        className={styles.back}
        href="/Klientdata"
        onClick={(event) => {
          event.preventDefault();
          onBack();
        }}
      >
        <ArrowLeftRegular aria-hidden />
        {texts.page.back}
      </Link>
      <PageHeader title={T.clinicTitle} />
      <ClinicAccessLog api={api} />
    </section>
  );
}
