/**
 * `/Tilføjelser` (spec 3, Add-ons page; §4 Add-on status, Payment flow; §6): a card per add-on with its icon, name,
 * description, price ('kr.{price},00/unit', 'Gratis', 'Gratis for abonnerende': core addOnPriceLabel) and unit; 10
 * skeleton cards while loading. The owner buys a one-time add-on or starts a monthly one through 'Vælg
 * betalingsmetode' (the card and price shown; a new card is the default and goes to the provider's page), activates
 * the one free with Pro directly, and deactivates after 'Er du sikker?'. A storage purchase on a saved card opens the
 * storage success dialog; a data import bought on a saved card goes to its return page. Other therapists see what the
 * clinic has and that the owner buys the rest. What an add-on does is decided by the server (its webhooks), never here.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Body1, Button, Caption1, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowImportRegular, CalculatorRegular, CloudArrowUpRegular, StorageRegular, type FluentIcon } from '@fluentui/react-icons';
import type { AddOnView } from '@klinik/core';
import { addOnPriceLabel, type AddOnKey } from '@klinik/core/commerce';
import { allowsFreeWithPro, type RemotePageProps } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { PageHeader, QueryView, useMutation, useNotifications, useQuery } from '@klinik/ui';
import { commerceApi, queryKeys, type AddOnPurchaseAnswer } from '../../api';
import { lazyPart } from '../../components/lazyPart';
import { Panel } from '../../components/Panel';
import { SkeletonCards } from '../../components/SkeletonCards';
import { PurchaseKeys } from '../../purchase/key';
import { useCheckout } from '../../purchase/useCheckout';
import { accountingTexts } from '../../accounting/texts';
import { texts } from '../../texts';
import { addOnAction, nonOwnerInfo } from './rules';

const T = texts.addOns;
const ADD_ONS_PATH = '/Tilføjelser';
const PaymentMethodDialog = lazyPart(() => import('../../components/PaymentMethodDialog'));
const ConfirmDialog = lazyPart(() => import('@klinik/ui/ConfirmDialog'));
const StorageSuccessDialog = lazyPart(() => import('./StorageSuccessDialog'));
const IntegrationSettingsDialog = lazyPart(() => import('../../accounting/IntegrationSettingsDialog'));

const ICONS: Record<AddOnKey, FluentIcon> = { storage: StorageRegular, importdata: ArrowImportRegular, drive: CloudArrowUpRegular, accounting: CalculatorRegular };

const useStyles = makeStyles({
  grid: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))', alignItems: 'stretch', minWidth: 0 },
  intro: { display: 'block', marginBottom: '16px' },
  icon: { fontSize: '32px', color: tokens.colorBrandForeground1, flexShrink: 0 },
  price: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  badges: { display: 'flex', gap: '6px', flexWrap: 'wrap' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', marginTop: 'auto' },
  card: { alignContent: 'stretch', gridTemplateRows: 'auto auto auto 1fr' },
});

function StatusBadges({ addOn }: { addOn: AddOnView }) {
  const styles = useStyles();
  if (addOn.status !== 'active' && addOn.status !== 'cancelled') return null;
  return (
    <div className={styles.badges}>
      <Badge appearance="tint" color={addOn.status === 'active' ? 'success' : 'warning'}>
        {addOn.status === 'active' ? T.active : T.cancelled}
      </Badge>
      {addOn.englishName === 'storage' && addOn.purchased > 0 && <Badge appearance="outline">{T.storageBought(addOn.purchased)}</Badge>}
    </div>
  );
}

export default function AddOnsPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const api = useMemo(() => commerceApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const addOns = useQuery(queryKeys.addOns, () => api.addOns());
  const [paying, setPaying] = useState<AddOnView | null>(null);
  const [deactivating, setDeactivating] = useState<AddOnView | null>(null);
  const [storageBought, setStorageBought] = useState(false);
  // The accounting integration's settings, then Dinero's consent page (also right after activating it).
  const [connectingAccounting, setConnectingAccounting] = useState(false);
  const { leaving, leave } = useCheckout(ADD_ONS_PATH);
  const [keys] = useState(() => new PurchaseKeys());
  const now = Date.now();
  const company = shell.therapist?.company;
  // The server's rule: Pro usable, or bought during the trial to follow it.
  const proActive = company ? allowsFreeWithPro(company, now) : false;

  const buy = useMutation(
    async ({ addOn, cardId }: { addOn: AddOnView; cardId: string | null }): Promise<{ addOn: AddOnView; answer: AddOnPurchaseAnswer }> => {
      try {
        const answer = addOn.oneTimePurchase ? await api.buyAddOn(addOn.id, cardId, keys.key()) : await api.subscribeAddOn(addOn.id, cardId, keys.key());
        keys.settle();
        return { addOn, answer };
      } catch (reason) {
        keys.settle(reason);
        throw reason;
      }
    },
    {
      notify,
      invalidates: [queryKeys.addOns],
      successText: false,
      onSuccess: ({ addOn, answer }) => {
        if (answer.url) {
          leave(answer.url);
          return;
        }
        setPaying(null);
        if (addOn.englishName === 'storage') setStorageBought(true);
        else if (addOn.englishName === 'importdata' && answer.invoice) {
          const query = new URLSearchParams({ invoice: answer.invoice, ...(answer.customer ? { customer: answer.customer } : {}) });
          navigate(`/payment/importdata-success?${query.toString()}`);
        } else notify(answer.message);
      },
    },
  );
  const activateFree = useMutation((id: AddOnKey) => api.activateFreeAddOn(id), {
    notify,
    invalidates: [queryKeys.addOns],
    errorToast: true,
    onSuccess: () => setConnectingAccounting(true),
  });
  const deactivate = useMutation((addOn: AddOnView) => (addOn.freeWithPro ? api.deactivateFreeAddOn(addOn.id) : api.cancelAddOn(addOn.id)), { notify, invalidates: [queryKeys.addOns] });

  return (
    <section>
      {toaster}
      <PageHeader title={T.heading} />
      <Body1 className={styles.intro}>{T.intro}</Body1>
      <QueryView
        query={addOns}
        errorTitle={T.loadFailed}
        loading={
          <div className={styles.grid} aria-busy="true" aria-label={T.list}>
            <SkeletonCards count={10} />
          </div>
        }
      >
        {(answer) => (
          <div className={styles.grid} role="region" aria-label={T.list}>
            {answer.data
              .filter((addOn) => addOn.isActive)
              .map((addOn) => {
                const Icon = ICONS[addOn.englishName];
                const action = addOnAction(addOn, { isAdmin: answer.isAdmin, proActive });
                return (
                  <Panel key={addOn.id} title={addOn.name} description={<StatusBadges addOn={addOn} />} action={<Icon className={styles.icon} aria-hidden />} className={styles.card} data-add-on={addOn.englishName}>
                    <Body1>{addOn.description}</Body1>
                    <div>
                      <Text className={styles.price}>{addOnPriceLabel(addOn)}</Text>
                      {/* On a line of its own: Fluent's text is inline even as a <p> unless it is `block`. */}
                      <Caption1 as="p" block className={styles.muted} style={{ margin: 0 }}>
                        {T.unit(addOn.text)}
                      </Caption1>
                    </div>
                    {addOn.status === 'cancelled' && addOn.cancelDate !== null && <Caption1>{T.activeUntil(formatDanishDate(addOn.cancelDate))}</Caption1>}
                    <div className={styles.actions}>
                      {!answer.isAdmin && <Caption1>{nonOwnerInfo(addOn, T)}</Caption1>}
                      {(action.kind === 'buy' || action.kind === 'subscribe') && (
                        <Button
                          appearance="primary"
                          disabled={buy.pending || leaving}
                          onClick={() => {
                            buy.reset();
                            setPaying(addOn);
                          }}
                        >
                          {action.label}
                        </Button>
                      )}
                      {action.kind === 'activateFree' && (
                        <>
                          <Button
                            appearance="primary"
                            disabled={action.disabled || activateFree.pending}
                            icon={activateFree.pending ? <Spinner size="tiny" /> : undefined}
                            onClick={() => void activateFree.run(addOn.id)}
                          >
                            {action.label}
                          </Button>
                          {action.disabled && <Caption1>{T.proOnly}</Caption1>}
                        </>
                      )}
                      {action.kind === 'deactivate' && addOn.englishName === 'accounting' && (
                        <Button appearance="primary" onClick={() => setConnectingAccounting(true)}>
                          {company?.dineroConnected ? accountingTexts.addOn.transferAgain : accountingTexts.addOn.connect}
                        </Button>
                      )}
                      {action.kind === 'deactivate' && <Button onClick={() => setDeactivating(addOn)}>{action.label}</Button>}
                    </div>
                  </Panel>
                );
              })}
          </div>
        )}
      </QueryView>
      {paying && (
        <PaymentMethodDialog
          api={api}
          what={T.what(paying.name, addOnPriceLabel(paying))}
          pending={buy.pending || leaving}
          error={buy.error}
          onPay={(cardId) => void buy.run({ addOn: paying, cardId })}
          onClose={() => {
            buy.reset();
            setPaying(null);
          }}
        />
      )}
      {deactivating && (
        <ConfirmDialog
          open
          body={deactivating.englishName === 'accounting' ? T.deactivateBody.accounting : T.deactivateBody.drive}
          confirmLabel={T.deactivateConfirm}
          cancelLabel={T.keep}
          onClose={() => setDeactivating(null)}
          onConfirm={async () => {
            await deactivate.runOrThrow(deactivating);
          }}
        />
      )}
      {connectingAccounting && <IntegrationSettingsDialog client={shell.client} onClose={() => setConnectingAccounting(false)} />}
      {storageBought && <StorageSuccessDialog purchased={addOns.data?.data.find((addOn) => addOn.englishName === 'storage')?.purchased ?? 1} onClose={() => setStorageBought(false)} />}
    </section>
  );
}
