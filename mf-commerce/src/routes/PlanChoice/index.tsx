/**
 * `/planlægge` (spec 3, plan choice screen): the free-trial card (only without a pro plan) and the Pro card,
 * each with its 24 features and the button the spec's rules give. Choosing the free trial starts it on the
 * server, reloads the therapist and goes to /Kalender.
 */
import { useNavigate } from 'react-router-dom';
import {
  Badge,
  Body1,
  Button,
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular } from '@fluentui/react-icons';
import { planCardButton, showsFreeTrialCard, type RemotePageProps, type TherapistView } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { ActionError } from '@klinik/core/client';
import { LoadError, useMutation, useQuery } from '@klinik/ui';
import { startFreeTrial } from '../../api';
import { PLAN_FEATURES, texts } from '../../texts';

const T = texts.planChoice;

const useStyles = makeStyles({
  page: { display: 'grid', gap: '16px', maxWidth: '1040px' },
  heading: { margin: 0 },
  cards: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', alignItems: 'start' },
  card: { padding: '20px', display: 'grid', gap: '12px' },
  price: { display: 'flex', alignItems: 'baseline', gap: '8px' },
  amount: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightBold, lineHeight: tokens.lineHeightHero800 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '6px' },
  item: { display: 'flex', gap: '8px', alignItems: 'flex-start' },
  check: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0, fontSize: '18px', marginTop: '1px' },
});

function FeatureList() {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={T.features}>
      {PLAN_FEATURES.map((feature) => (
        <li key={feature} className={styles.item}>
          <CheckmarkCircleRegular className={styles.check} aria-hidden />
          <Body1>{feature}</Body1>
        </li>
      ))}
    </ul>
  );
}

export default function PlanChoicePage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  // The therapist as the shell knows it; only when it does not yet is it asked for (which also tells the shell).
  const loaded = useQuery(shell.therapist ? null : ['getTherapist'], () => shell.refreshTherapist());
  const therapist: TherapistView | null = shell.therapist ?? loaded.data ?? null;
  // The trial starts on the server; the therapist is reloaded so the menus open before the calendar shows.
  const choose = useMutation(
    async () => {
      try {
        await startFreeTrial(shell.client);
        await shell.refreshTherapist();
      } catch (reason) {
        // The server's message where it gave one; a failed connection gets the spec's general text.
        throw reason instanceof ActionError ? reason : new Error(T.unknownError);
      }
    },
    { onSuccess: () => navigate('/Kalender') },
  );

  if (!therapist) {
    return loaded.error !== null ? <LoadError title={T.loadFailed} detail={loaded.error} onRetry={() => void loaded.refresh()} /> : <Spinner label="Indlæser…" />;
  }

  const plan = therapist.company;
  const now = Date.now();
  const freeButton = planCardButton('freeTrial', plan, now);
  const proButton = planCardButton('pro', plan, now);
  const isOwner = therapist.isAdmin;

  return (
    <section className={styles.page}>
      <Title2 as="h1" className={styles.heading}>
        {T.heading}
      </Title2>
      <Body1>{T.intro}</Body1>
      {!isOwner && (
        <MessageBar intent="info">
          <MessageBarBody>{T.ownerOnly}</MessageBarBody>
        </MessageBar>
      )}
      {choose.error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{choose.error}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.cards}>
        {showsFreeTrialCard(plan) && (
          <Card className={styles.card} aria-labelledby="plan-free-title">
            <CardHeader header={<Title3 as="h2" id="plan-free-title" className={styles.heading}>{T.freeTitle}</Title3>} />
            <div className={styles.price}>
              <span className={styles.amount}>{T.freePrice}</span>
              <Text>{T.freePeriod}</Text>
            </div>
            {plan.planType === 'freeTrial' && plan.trial && plan.trial > now && <Badge appearance="tint">{T.trialEnds(formatDanishDate(plan.trial))}</Badge>}
            <Button
              appearance="primary"
              disabled={freeButton.disabled || choose.pending || !isOwner}
              icon={choose.pending ? <Spinner size="tiny" /> : undefined}
              onClick={() => void choose.run(undefined)}
            >
              {freeButton.label}
            </Button>
            <FeatureList />
          </Card>
        )}
        <Card className={styles.card} aria-labelledby="plan-pro-title">
          <CardHeader header={<Title3 as="h2" id="plan-pro-title" className={styles.heading}>{T.proTitle}</Title3>} />
          <div className={styles.price}>
            <span className={styles.amount}>{T.proPrice}</span>
            <Text>{T.proPeriod}</Text>
          </div>
          <Text>{T.proNote}</Text>
          {/* Card payment arrives with the subscription issue; until then the choice is visible but not offered. */}
          <Button appearance="primary" disabled>
            {proButton.label}
          </Button>
          {!proButton.disabled && <Text size={200}>{T.proPaymentLater}</Text>}
          <FeatureList />
        </Card>
      </div>
    </section>
  );
}
