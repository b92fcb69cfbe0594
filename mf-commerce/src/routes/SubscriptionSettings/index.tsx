/**
 * `/Abonnement/{id}` (spec 3, Subscription overview; owner only): one subscription's plan, period and next payment
 * (DD-MM-YYYY), its transactions, and the clinic's saved cards (masked) with the one it draws on marked. The owner
 * can move this subscription to another card, or every subscription (only with the checkbox ticked: 'This field is
 * required' otherwise, as the server also says), or add a new card on the provider's page, which returns here.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Badge, Body1, Button, Checkbox, Radio, RadioGroup, Skeleton, SkeletonItem, Spinner, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowLeftRegular } from '@fluentui/react-icons';
import { formatKroner, type RemotePageProps } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { PageHeader, QueryView, useMutation, useNotifications, useQuery } from '@klinik/ui';
import { commerceApi, queryKeys, type CommerceApi, type SubscriptionSettings } from '../../api';
import { StateBadge } from '../../components/StateBadge';
import { goToCheckout } from '../../purchase/checkout';
import { texts } from '../../texts';

const T = texts.subscriptionSettings;
const OVERVIEW_PATH = '/Abonnement';

const useStyles = makeStyles({
  page: { display: 'grid', gap: '20px', maxWidth: '880px', minWidth: 0 },
  back: { justifySelf: 'start' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, minWidth: 0 },
  section: { display: 'grid', gap: '12px', minWidth: 0 },
  heading: { margin: 0 },
  charges: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '1px', backgroundColor: tokens.colorNeutralStroke2, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  charge: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto auto',
    gap: '4px 16px',
    alignItems: 'center',
    padding: '8px 12px',
    backgroundColor: tokens.colorNeutralBackground1,
    '@media (max-width: 480px)': { gridTemplateColumns: '1fr auto' },
  },
  error: { color: tokens.colorPaletteRedForeground1 },
  skeleton: { display: 'grid', gap: '10px', maxWidth: '480px' },
  nowrap: { whiteSpace: 'nowrap' },
  card: { display: 'inline-flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  all: { display: 'grid', gap: '8px', padding: '12px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2 },
});

function Facts({ settings }: { settings: SubscriptionSettings }) {
  const styles = useStyles();
  const date = (value: number | null) => (value === null ? T.none : formatDanishDate(value));
  const rows: [string, ReactNode][] = [
    [T.plan, settings.name],
    [T.status, <Badge key="status" appearance="tint">{texts.subscriptionStates[settings.state]}</Badge>],
    [T.price, texts.subscription.perMonth(formatKroner(settings.priceOre))],
    [T.period, settings.period_from !== null && settings.period_to !== null ? T.periodValue(formatDanishDate(settings.period_from), formatDanishDate(settings.period_to)) : T.none],
    [T.nextPayment, date(settings.nextPaymentDate)],
  ];
  if (settings.cancelledAt !== null) rows.push([T.cancelledAt, date(settings.cancelledAt)]);
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The subscription's charges: a list of date, text, total and state (a few rows; /Transactions has the full table). */
function Transactions({ settings }: { settings: SubscriptionSettings }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby="subscription-transactions">
      <Title3 as="h2" id="subscription-transactions" className={styles.heading}>
        {T.transactions}
      </Title3>
      {settings.transactions.length === 0 ? (
        <Body1>{T.noTransactions}</Body1>
      ) : (
        <ul className={styles.charges} aria-labelledby="subscription-transactions">
          {settings.transactions.map((transaction) => (
            <li key={transaction.id} className={styles.charge}>
              <span className={styles.nowrap}>{formatDanishDate(transaction.created)}</span>
              <span>{transaction.order_lines[0]?.ordertext ?? ''}</span>
              <span className={styles.nowrap}>{formatKroner(transaction.amount)}</span>
              <StateBadge state={transaction.state} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Cards({ api, settings, notify }: { api: CommerceApi; settings: SubscriptionSettings; notify: (text: string, intent?: 'success' | 'error') => void }) {
  const styles = useStyles();
  const [chosen, setChosen] = useState<string | null>(settings.activeCard ?? settings.cards[0]?.id ?? null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [allRequired, setAllRequired] = useState(false);
  const invalidates = [queryKeys.allSubscriptionSettings, queryKeys.subscriptions];
  const changeOne = useMutation((cardId: string) => api.changeCard(settings.id, cardId), { notify, invalidates, errorToast: true });
  const changeAll = useMutation((cardId: string) => api.changeAllCards(cardId), {
    notify,
    invalidates,
    errorToast: true,
    onSuccess: () => setConfirmAll(false),
  });
  const addCard = useMutation(() => api.addCard(`${OVERVIEW_PATH}/${settings.id}`), {
    successText: false,
    notify,
    errorToast: true,
    onSuccess: (answer) => goToCheckout(answer.url, `${OVERVIEW_PATH}/${settings.id}`),
  });
  const busy = changeOne.pending || changeAll.pending || addCard.pending;
  const allMessage = allRequired ? T.fieldRequired : changeAll.fieldErrors.confirmAll;

  return (
    <section className={styles.section} aria-labelledby="subscription-cards">
      <Title3 as="h2" id="subscription-cards" className={styles.heading}>
        {T.cards}
      </Title3>
      {settings.cards.length === 0 ? (
        <Body1>{T.noCards}</Body1>
      ) : (
        <>
          <Text id="subscription-cards-legend">{T.cardsLegend}</Text>
          <RadioGroup aria-labelledby="subscription-cards-legend" value={chosen ?? ''} onChange={(_, data) => setChosen(data.value)} disabled={busy}>
            {settings.cards.map((card) => (
              <Radio
                key={card.id}
                value={card.id}
                label={
                  <span className={styles.card}>
                    <span>{card.card.masked_card}</span>
                    {card.id === settings.activeCard && (
                      <Badge appearance="filled" color="brand">
                        {T.activeCard}
                      </Badge>
                    )}
                  </span>
                }
              />
            ))}
          </RadioGroup>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={busy || chosen === null || chosen === settings.activeCard}
              icon={changeOne.pending ? <Spinner size="tiny" /> : undefined}
              onClick={() => chosen && void changeOne.run(chosen)}
            >
              {T.changeOne}
            </Button>
          </div>
          <div className={styles.all}>
            <Checkbox
              checked={confirmAll}
              label={T.allCheckbox}
              aria-invalid={allMessage ? true : undefined}
              aria-describedby={allMessage ? 'change-all-required' : undefined}
              onChange={(_, data) => {
                setConfirmAll(data.checked === true);
                setAllRequired(false);
                changeAll.reset();
              }}
            />
            {allMessage && (
              <Text id="change-all-required" role="alert" className={styles.error}>
                {allMessage}
              </Text>
            )}
            <div className={styles.actions}>
              <Button
                disabled={busy || chosen === null}
                icon={changeAll.pending ? <Spinner size="tiny" /> : undefined}
                onClick={() => {
                  if (!chosen) return;
                  if (!confirmAll) {
                    setAllRequired(true);
                    return;
                  }
                  void changeAll.run(chosen);
                }}
              >
                {T.changeAll}
              </Button>
            </div>
          </div>
        </>
      )}
      <div className={styles.actions}>
        <Button icon={addCard.pending ? <Spinner size="tiny" /> : <AddRegular />} disabled={busy} onClick={() => void addCard.run(undefined)}>
          {T.addCard}
        </Button>
      </div>
    </section>
  );
}

export default function SubscriptionSettingsPage({ shell }: RemotePageProps) {
  const id = useParams().id ?? '';
  return <SubscriptionSettingsView key={id} shell={shell} id={id} />;
}

function SubscriptionSettingsView({ shell, id }: RemotePageProps & { id: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const api = useMemo(() => commerceApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const settings = useQuery(queryKeys.subscription(id), () => api.subscription(id));
  return (
    <section className={styles.page}>
      {toaster}
      <Button className={styles.back} appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => navigate(OVERVIEW_PATH)}>
        {T.back}
      </Button>
      <QueryView
        query={settings}
        errorTitle={T.loadFailed}
        loading={
          <Skeleton className={styles.skeleton} aria-label={texts.loadingPart}>
            <SkeletonItem size={28} />
            {Array.from({ length: 6 }, (_, index) => (
              <SkeletonItem key={index} size={16} />
            ))}
          </Skeleton>
        }
      >
        {(data) => (
          <>
            <PageHeader title={data.name} />
            <Facts settings={data} />
            <Transactions settings={data} />
            {/* Keyed by the card in use, so the choice starts there again after a change. */}
            <Cards key={data.activeCard ?? 'none'} api={api} settings={data} notify={notify} />
          </>
        )}
      </QueryView>
    </section>
  );
}
