/**
 * The printable consent text (Samtykketekst, account menu): consent to treatment and to the keeping of a
 * treatment journal, with the clinic's name, ready to print and sign.
 */
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { LoadError, useQuery } from '@klinik/ui';
import { AppLink } from '../components/AppLink';
import { useShellServices } from '../session/services';
import { areaTexts } from '../area-texts';
import { texts } from '../texts';

const useStyles = makeStyles({
  page: {
    maxWidth: '720px',
    margin: '0 auto',
    padding: '32px 24px 48px',
    backgroundColor: tokens.colorNeutralBackground1,
    lineHeight: '1.55',
    '@media print': { padding: 0, maxWidth: 'none' },
  },
  tools: { display: 'flex', gap: '12px', alignItems: 'center', marginBottom: '24px', '@media print': { display: 'none' } },
  signature: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '32px 24px', marginTop: '40px' },
  line: { borderTop: '1px solid #000', paddingTop: '4px', fontSize: '13px' },
});

export default function Consent() {
  const styles = useStyles();
  const { therapist, refreshTherapist } = useShellServices();
  // Opened in a tab of its own, the page has only the stored summary: the clinic's name comes from the server.
  const fresh = useQuery(therapist ? null : ['getTherapist'], refreshTherapist);
  const loaded = therapist ?? fresh.data;

  if (!loaded) {
    return fresh.error !== null ? (
      <div className={styles.page}>
        <LoadError title={areaTexts.consentFailed} detail={fresh.error} onRetry={() => void fresh.refresh()} />
      </div>
    ) : (
      <Spinner label={texts.loading} style={{ marginTop: 64 }} />
    );
  }
  const clinic = loaded.company.companyName;

  return (
    <article className={styles.page}>
      <div className={styles.tools}>
        <Button appearance="primary" icon={<PrintRegular />} onClick={() => window.print()}>
          {texts.consent.print}
        </Button>
        <AppLink to="/Kalender">{texts.consent.back}</AppLink>
      </div>
      <h1>Samtykkeerklæring – behandling og journalføring</h1>
      <p>
        Jeg giver hermed samtykke til, at <strong>{clinic}</strong> undersøger og behandler mig, og at klinikken fører journal over
        behandlingen.
      </p>
      <h2>Behandling</h2>
      <p>
        Behandleren forklarer mig, hvad undersøgelsen og behandlingen går ud på, hvilke virkninger og mulige bivirkninger den kan have, og
        hvilke andre muligheder der findes. Jeg kan til enhver tid stille spørgsmål, sige fra over for en del af behandlingen eller afbryde den.
      </p>
      <h2>Journalføring</h2>
      <p>
        Klinikken registrerer de oplysninger, der er nødvendige for behandlingen: navn, CPR-nummer, kontaktoplysninger, årsag til henvendelse,
        relevante helbredsoplysninger, fund, behandling og aftaler. Journalen opbevares fortroligt og beskyttet mod uvedkommende i klinikkens
        journalsystem og gemmes så længe, lovgivningen kræver det (for autoriserede sundhedspersoner som udgangspunkt mindst 10 år efter
        sidste notat).
      </p>
      <h2>Videregivelse</h2>
      <p>
        Oplysninger fra min journal videregives kun til andre, for eksempel min læge, et forsikringsselskab eller pårørende, når jeg har givet
        samtykke til det, eller når lovgivningen pålægger klinikken det.
      </p>
      <h2>Mine rettigheder</h2>
      <p>
        Jeg har ret til at se min journal, få en kopi af den og bede om at få forkerte oplysninger rettet. Jeg kan trække mit samtykke tilbage
        for fremtiden; det ændrer ikke ved oplysninger, klinikken efter loven skal opbevare. Jeg kan klage over klinikkens behandling af mine
        oplysninger til Datatilsynet (www.datatilsynet.dk).
      </p>
      <div className={styles.signature}>
        <div className={styles.line}>Navn</div>
        <div className={styles.line}>Dato</div>
        <div className={styles.line}>Underskrift</div>
        <div className={styles.line}>For {clinic}</div>
      </div>
    </article>
  );
}
