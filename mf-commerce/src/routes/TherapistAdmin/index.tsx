/**
 * `/AdministrerTerapeut` (spec 3, Therapist administration; §4 Therapist subscription status display, Status dialog,
 * Plan choice for a therapist, Owner handover; §5; §6; §8), the owner's page. The list of the clinic's therapists,
 * searchable, 5, 10 or 25 a page, with the payment-status column (IKKE AKTIV, AKTIV, AFLYST) and the therapist's own
 * flag (AKTIV, DEAKTIVER); add (at most five: the button is disabled with the reason at five), edit, delete after
 * 'Er du sikker?', and the status dialog. After adding, the plan choice: the free trial at once, or Pro through
 * 'Vælg betalingsmetode' and possibly the provider's page, which returns here with its parameters (read once, then
 * cleared). Below, the users table with the own 'Jeg kan tage nye klienter' switch, create user and the owner
 * handover, which ends with logging out. Every dialog is loaded when first opened.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Body1,
  Button,
  Caption1,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, SearchRegular, ShieldPersonRegular } from '@fluentui/react-icons';
import { formatDanishDate } from '@klinik/core/time';
import { formatPhonePairs, type RemotePageProps } from '@klinik/core/rules';
import { MAX_THERAPISTS } from '@klinik/core/therapists';
import { LoadError, PageHeader, Pager, SkeletonRows, TableScroll, useMutation, useNotifications, usePagedList, useQuery, type PageQuery } from '@klinik/ui';
import { lazyDialog } from './lazyDialog';
import { Pill } from './Pill';
import { therapistApi, therapistKeys, type TherapistRow } from './api';
import { activeLabel, canAddTherapist, fullName, providerReturn, subscriptionBadge, type StatusStep } from './rules';
import { texts } from './texts';

const T = texts.list;
const LIST_SIZES = [5, 10, 25] as const;
type ListSize = (typeof LIST_SIZES)[number];
/** Spec 3 §9: the loading indicator shows after 500 ms (a quick page never flashes skeletons). */
const LOADING_DELAY_MS = 500;
const COLUMNS = 7;

const TherapistDialog = lazyDialog(() => import('./TherapistDialog'));
const PlanChoiceDialog = lazyDialog(() => import('./PlanChoiceDialog'));
const StatusDialog = lazyDialog(() => import('./StatusDialog'));
const UsersSection = lazyDialog(() => import('./UsersSection'));
// While the tooltip loads, the button shows without it.
const LimitTooltip = lazyDialog(
  () => import('./LimitTooltip'),
  <Button appearance="primary" icon={<AddRegular />} disabledFocusable>
    {T.add}
  </Button>,
);
const ProPaymentDialog = lazyDialog(() => import('./ProPaymentDialog'));
const ConfirmDialog = lazyDialog(() => import('@klinik/ui/ConfirmDialog'));

/** Below this width the list is shown as cards. */
const PHONE = '@media (max-width: 640px)';

const useStyles = makeStyles({
  section: { display: 'grid', gap: '8px', marginBottom: '32px', minWidth: 0 },
  sectionHeader: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', justifyContent: 'space-between' },
  sectionTitle: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  search: { width: '100%', maxWidth: '420px' },
  table: {
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: '900px',
    tableLayout: 'auto',
    // Phones: each therapist a card, each value under its column's name (the header row is hidden).
    [PHONE]: { minWidth: 0, display: 'block' },
  },
  body: { [PHONE]: { display: 'grid', gap: '8px' } },
  header: { [PHONE]: { display: 'none' } },
  row: {
    [PHONE]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr)',
      padding: '8px 4px',
      border: `1px solid ${tokens.colorNeutralStroke2}`,
      borderRadius: tokens.borderRadiusMedium,
    },
  },
  cell: {
    [PHONE]: {
      display: 'flex',
      alignItems: 'center',
      gap: '8px',
      minHeight: '32px',
      '::before': { content: 'attr(data-label)', flex: '0 0 96px', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
    },
  },
  email: { overflowWrap: 'anywhere' },
  name: { display: 'flex', flexWrap: 'wrap', gap: '4px 8px', alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
  cellActions: { display: 'flex', gap: '2px', flexWrap: 'nowrap' },
});

/** True once `busy` has lasted `delayMs`; false again as soon as it ends. */
function useDelayed(busy: boolean, delayMs: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setLate(true), delayMs);
    return () => {
      window.clearTimeout(timer);
      setLate(false);
    };
  }, [busy, delayMs]);
  return busy && late;
}

/** Reads the payment provider's parameters once, clears them from the address, and says what the server knows. */
function useProviderReturn(onReturn: (invoice: string | null) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    const { returned, invoice, rest } = providerReturn(location.search);
    if (!returned) return;
    handled.current = true;
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    onReturn(invoice);
  }, [location.pathname, location.search, navigate, onReturn]);
}

export default function TherapistAdminPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => therapistApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const fetchPage = useCallback(
    async ({ page, size, search }: PageQuery<ListSize>) => {
      const answer = await api.page({ page, size, search });
      return { data: answer.data, total: answer.totalTherapist };
    },
    [api],
  );
  const list = usePagedList<TherapistRow, ListSize>({ fetchPage, loadFailed: T.loadFailed, queryKey: therapistKeys.list });
  const users = useQuery(therapistKeys.users, () => api.users());
  const count = users.data?.length ?? null;
  const canAdd = count !== null && canAddTherapist(count);
  const showSkeleton = useDelayed(list.rows === null && list.error === null, LOADING_DELAY_MS);

  const [editing, setEditing] = useState<TherapistRow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TherapistRow | null>(null);
  const [statusOf, setStatusOf] = useState<TherapistRow | null>(null);
  const [planFor, setPlanFor] = useState<{ id: string; name: string } | null>(null);
  const [paying, setPaying] = useState<{ id: string; name: string } | null>(null);
  const [stopping, setStopping] = useState<{ therapist: TherapistRow; deactive: boolean } | null>(null);

  const remove = useMutation((id: string) => api.remove(id), { notify, invalidates: [therapistKeys.list, therapistKeys.users] });
  const stop = useMutation(({ id, deactive }: { id: string; deactive: boolean }) => api.stop(id, deactive), { notify, invalidates: [therapistKeys.list, therapistKeys.users] });


  const onReturn = useCallback(
    (invoice: string | null) => {
      if (!invoice) return notify(texts.returned.unknown, 'info');
      api.charge(invoice).then(
        (charge) => notify(charge.state === 'settled' || charge.state === 'authorized' ? texts.returned.settled : texts.returned.notSettled, charge.state === 'settled' || charge.state === 'authorized' ? 'success' : 'warning'),
        () => notify(texts.returned.unknown, 'info'),
      );
    },
    [api, notify],
  );
  useProviderReturn(onReturn);

  function onStatusStep(therapist: TherapistRow, step: Exclude<StatusStep, { kind: 'refused' }>) {
    setStatusOf(null);
    const who = { id: therapist.id, name: fullName(therapist) };
    if (step.kind === 'planChoice') setPlanFor(who);
    else if (step.kind === 'payment') setPaying(who);
    else setStopping({ therapist, deactive: step.deactive });
  }

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} disabledFocusable={!canAdd} onClick={() => canAdd && setEditing(null)}>
      {T.add}
    </Button>
  );
  const limitReached = count !== null && !canAdd;

  return (
    <section>
      {toaster}
      <PageHeader title={texts.page.heading} />

      <section className={styles.section} aria-labelledby="therapists-heading">
        <div className={styles.sectionHeader}>
          <Title3 as="h2" id="therapists-heading" className={styles.sectionTitle}>
            {T.heading}
          </Title3>
          <div className={styles.actions}>
            {count !== null && <Caption1 className={styles.muted}>{T.count(Math.min(count, MAX_THERAPISTS))}</Caption1>}
            {limitReached ? <LimitTooltip content={T.limitReached}>{addButton}</LimitTooltip> : addButton}
          </div>
        </div>
        <Input
          className={styles.search}
          type="search"
          contentBefore={<SearchRegular aria-hidden />}
          placeholder={T.search}
          aria-label={T.search}
          value={list.search}
          onChange={(_, data) => list.setSearch(data.value)}
        />
        {list.error && <LoadError title={T.loadFailed} detail={list.error} retryLabel={texts.page.retry} onRetry={() => void list.load()} />}
        <TableScroll>
          <Table className={styles.table} aria-label={T.heading} aria-busy={list.rows === null} size="small">
            <TableHeader className={styles.header}>
              <TableRow>
                <TableHeaderCell>{T.name}</TableHeaderCell>
                <TableHeaderCell>{T.email}</TableHeaderCell>
                <TableHeaderCell>{T.phone}</TableHeaderCell>
                <TableHeaderCell>{T.occupation}</TableHeaderCell>
                <TableHeaderCell>{T.subscription}</TableHeaderCell>
                <TableHeaderCell>{T.status}</TableHeaderCell>
                <TableHeaderCell>{T.actions}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody className={styles.body}>
              {showSkeleton && <SkeletonRows rows={list.size} columns={COLUMNS} />}
              {list.rows?.length === 0 && !list.error && (
                <TableRow>
                  <TableCell colSpan={COLUMNS}>
                    <Body1>{list.search.trim() ? T.noMatch : T.empty}</Body1>
                  </TableCell>
                </TableRow>
              )}
              {list.rows?.map((row) => {
                const badge = subscriptionBadge(row.therapistSubscription);
                const name = fullName(row);
                const subscription = row.therapistSubscription;
                return (
                  <TableRow key={row.id} className={styles.row}>
                    <TableCell className={styles.cell} data-label={T.name}>
                      <span className={styles.name}>
                        <Text weight="semibold">{name}</Text>
                        {row.isAdmin && <Pill tone="brand">{T.owner}</Pill>}
                        {!row.hasPassword && (
                          <Pill tone="informative" title={T.invitedHint}>
                            {T.invited}
                          </Pill>
                        )}
                      </span>
                    </TableCell>
                    <TableCell className={mergeClasses(styles.cell, styles.email)} data-label={T.email}>
                      {row.email}
                    </TableCell>
                    <TableCell className={mergeClasses(styles.cell, styles.nowrap)} data-label={T.phone}>
                      {formatPhonePairs(row.phone)}
                    </TableCell>
                    <TableCell className={styles.cell} data-label={T.occupation}>
                      {row.occupation.map((occupation) => occupation.danishName).join(', ')}</TableCell>
                    <TableCell className={styles.cell} data-label={T.subscription}>
                      {row.isAdmin ? (
                        <Caption1 className={styles.muted}>–</Caption1>
                      ) : (
                        <span className={styles.name}>
                          <Pill tone={badge.color} strong>
                            {badge.label}
                          </Pill>
                          {subscription && subscription.status !== 'pending' && (
                            <Caption1 className={styles.muted}>
                              {T.plan[subscription.planType]}
                              {subscription.endsAt !== null && subscription.status !== 'expired' ? ` ${T.until(formatDanishDate(subscription.endsAt))}` : ''}
                            </Caption1>
                          )}
                        </span>
                      )}
                    </TableCell>
                    <TableCell className={styles.cell} data-label={T.status}>
                      <Pill tone={row.isActive ? 'success' : 'danger'}>{activeLabel(row.isActive)}</Pill>
                    </TableCell>
                    <TableCell className={styles.cell} data-label={T.actions}>
                      <span className={styles.cellActions}>
                        <Button appearance="subtle" icon={<EditRegular />} aria-label={`${T.edit} ${name}`} title={T.edit} onClick={() => setEditing(row)} />
                        {!row.isAdmin && (
                          <>
                            <Button appearance="subtle" icon={<ShieldPersonRegular />} aria-label={`${T.changeStatus} ${name}`} title={T.changeStatus} onClick={() => setStatusOf(row)} />
                            <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`${T.delete} ${name}`} title={T.delete} onClick={() => setDeleting(row)} />
                          </>
                        )}
                      </span>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableScroll>
        <Pager<ListSize> page={list.page} size={list.size} sizes={LIST_SIZES} total={list.total} onPage={list.setPage} onSize={list.setSize} />
      </section>

      <UsersSection api={api} users={users} ownId={shell.therapist?.id ?? null} canAdd={canAdd} notify={notify} onHandedOver={shell.logout} />

      {editing !== undefined && (
        <TherapistDialog
          api={api}
          therapist={editing}
          notify={notify}
          onClose={() => setEditing(undefined)}
          onAdded={(added) => {
            setEditing(undefined);
            setPlanFor(added);
          }}
        />
      )}
      {planFor && (
        <PlanChoiceDialog
          api={api}
          therapist={planFor}
          notify={notify}
          onClose={() => setPlanFor(null)}
          onPro={() => {
            setPaying(planFor);
            setPlanFor(null);
          }}
        />
      )}
      {paying && (
        <ProPaymentDialog api={api} client={shell.client} therapist={paying} notify={notify} onClose={() => setPaying(null)} />
      )}
      {statusOf && <StatusDialog therapist={statusOf} onClose={() => setStatusOf(null)} onStep={(step) => onStatusStep(statusOf, step)} />}
      {stopping && (
        <ConfirmDialog
          open
          body={stopping.deactive ? texts.status.confirmDeactivate(fullName(stopping.therapist)) : texts.status.confirmStop(fullName(stopping.therapist))}
          confirmLabel={stopping.deactive ? texts.status.deactivate : texts.status.stopSubscription}
          cancelLabel={texts.status.cancel}
          onClose={() => setStopping(null)}
          onConfirm={async () => {
            await stop.runOrThrow({ id: stopping.therapist.id, deactive: stopping.deactive });
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          body={T.deleteBody(fullName(deleting))}
          confirmLabel={T.delete}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove.runOrThrow(deleting.id);
          }}
        />
      )}
    </section>
  );
}
