/**
 * The plan choice for a therapist (spec 3 §4, Plan choice for a therapist), opened after adding one: the free trial
 * (1 month at 0 kr.) is started at once; Pro goes on to 'Vælg betalingsmetode' (the page's payment dialog). The Pro
 * card lists the twelve features of the spec's pro plan dialog. 'Vælg senere' leaves the therapist pending: the
 * status dialog offers the choice again. Loaded when first opened.
 */
import { Button, Caption1, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { THERAPIST_PRO_PLAN } from '@klinik/core/commerce';
import { FormDialog, useMutation } from '@klinik/ui';
import { therapistKeys, type TherapistApi } from './api';
import { texts } from './texts';

const T = texts.planChoice;

const useStyles = makeStyles({
  surface: { maxWidth: '720px' },
  plans: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(240px, 100%), 1fr))' },
  plan: {
    display: 'grid',
    gap: '8px',
    alignContent: 'start',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  name: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  price: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase600 },
  features: { margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: '4px', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' },
  feature: { display: 'flex', gap: '6px', alignItems: 'center' },
  check: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0 },
});

export default function PlanChoiceDialog({
  api,
  therapist,
  notify,
  onPro,
  onClose,
}: {
  api: TherapistApi;
  therapist: { id: string; name: string };
  notify: (text: string, intent?: 'success' | 'error') => void;
  /** Pro chosen: the payment dialog follows. */
  onPro: () => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const free = useMutation(() => api.startFreeTrial(therapist.id), { notify, invalidates: [therapistKeys.list, therapistKeys.users], onSuccess: onClose });
  return (
    <FormDialog
      title={T.title(therapist.name)}
      onClose={onClose}
      busy={free.pending}
      error={free.error}
      surfaceClassName={styles.surface}
      footer={
        <Button appearance="secondary" disabled={free.pending} onClick={onClose}>
          {T.later}
        </Button>
      }
    >
      <Text>{T.intro}</Text>
      <div className={styles.plans}>
        <section className={styles.plan} aria-label={T.freeTitle}>
          <Text className={styles.name}>{T.freeTitle}</Text>
          <Text className={styles.price}>{T.freePrice}</Text>
          <Caption1>{T.freePeriod}</Caption1>
          <Button appearance="primary" disabled={free.pending} icon={free.pending ? <Spinner size="tiny" /> : undefined} onClick={() => void free.run(undefined)}>
            {T.freeChoose}
          </Button>
        </section>
        <section className={styles.plan} aria-label={T.proTitle}>
          <Text className={styles.name}>{T.proTitle}</Text>
          <Text className={styles.price}>{T.proPrice(THERAPIST_PRO_PLAN.priceOre)}</Text>
          <Caption1>{T.proPeriod}</Caption1>
          <ul className={styles.features} aria-label={T.featuresLabel}>
            {T.features.map((feature) => (
              <li key={feature} className={styles.feature}>
                <CheckmarkRegular className={styles.check} aria-hidden />
                <Caption1>{feature}</Caption1>
              </li>
            ))}
          </ul>
          <Button disabled={free.pending} onClick={onPro}>
            {T.proChoose}
          </Button>
        </section>
      </div>
    </FormDialog>
  );
}
