/**
 * A client's merged statements ('samlet opgørelse', spec 2 Merged invoice): choose a treatment period (from the
 * start of the first day to the end of the last, Copenhagen time), 'Find fakturaer' (disabled without both dates
 * or without the client's bookings in the range), tick invoices, 'Opret samlet opgørelse' (disabled until one is
 * ticked) or, when editing one, 'Opdater samlet opgørelse'; the selection is cleared afterwards. Below, the
 * client's merged statements with their PDF, mail, download, edit and delete ('Er du sikker?').
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import type { Booking, Invoice } from '@klinik/core';
import { formatKroner } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { ConfirmDialog, LoadError } from '@klinik/ui';
import type { InvoicesApi } from '../../api';
import { InvoiceAccordion } from '../../components/InvoiceAccordion';
import InvoiceDetails from '../../components/InvoiceDetails';
import type { Notify } from '../../components/InvoiceDialog';
import { clientName, invoiceKind } from '../../components/invoiceFacts';
import { texts } from '../../texts';
import { dateInput, periodOf } from './period';

const T = texts.merged;

const useStyles = makeStyles({
  root: { display: 'grid', gap: '20px' },
  box: {
    display: 'grid',
    gap: '12px',
    padding: '12px 16px 16px',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  period: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end' },
  date: { minWidth: '160px' },
  found: { display: 'grid', gap: '2px', margin: 0, padding: 0, listStyleType: 'none' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  title: { display: 'block', margin: 0 },
  listTitle: { display: 'block', margin: '0 0 8px' },
});

function describe(invoice: Invoice): string {
  const snapshot = invoice.image[0];
  const treatment = snapshot ? ` · ${snapshot.treatment.name} ${formatDanishDate(snapshot.booking.from)}` : '';
  return `${invoice.number} · ${invoiceKind(invoice)}${treatment} · ${formatKroner(invoice.totalOre)}`;
}

function messageOf(reason: unknown, fallback: string): string {
  return reason instanceof Error ? reason.message : fallback;
}

export default function MergedStatements({ api, clientId, notify, showClientName = false }: { api: InvoicesApi; clientId: string; notify: Notify; showClientName?: boolean }) {
  const styles = useStyles();
  const [name, setName] = useState<string | null>(null);
  const [bookings, setBookings] = useState<Booking[] | null>(null);
  const [merged, setMerged] = useState<Invoice[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [found, setFound] = useState<Invoice[] | null>(null);
  const [findError, setFindError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Invoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Invoice | null>(null);

  const loadMerged = useCallback(async () => {
    setLoadError(null);
    try {
      const answer = await api.mergedByClient(clientId);
      setMerged(answer.data);
    } catch (reason) {
      setLoadError(messageOf(reason, T.loadFailed));
      setMerged([]);
    }
  }, [api, clientId]);

  useEffect(() => {
    void loadMerged();
  }, [loadMerged]);

  // The client's bookings decide whether a period can hold any invoice; without them the button stays usable.
  useEffect(() => {
    let live = true;
    api.clientBookings(clientId).then(
      (answer) => live && setBookings(answer.data),
      (reason: unknown) => console.warn('Client bookings not loaded', reason),
    );
    return () => {
      live = false;
    };
  }, [api, clientId]);

  useEffect(() => {
    if (!showClientName) return;
    let live = true;
    api.client(clientId).then(
      (answer) => live && setName(`${answer.data.nameFirst} ${answer.data.nameLast}`.trim()),
      (reason: unknown) => console.warn('Client not loaded', reason),
    );
    return () => {
      live = false;
    };
  }, [api, clientId, showClientName]);

  const period = periodOf(fromDate, toDate);
  const bothDates = fromDate !== '' && toDate !== '';
  const bookingsInPeriod = useMemo(
    () => (period && bookings ? bookings.some((booking) => booking.treatmentId !== null && booking.from >= period.from && booking.from <= period.to) : true),
    [bookings, period?.from, period?.to], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const canFind = period !== null && bookingsInPeriod && !busy;

  async function find(range = period, preselect?: Invoice) {
    if (!range) return;
    setBusy(true);
    setFindError(null);
    setSaveError(null);
    try {
      const answer = await api.forPeriod(clientId, range.from, range.to);
      setFound(answer.data);
      if (preselect) {
        const numbers = new Set(preselect.image.map((snapshot) => snapshot.number));
        setSelected(new Set(answer.data.filter((invoice) => numbers.has(invoice.number)).map((invoice) => invoice.id)));
      } else {
        setSelected(new Set());
      }
    } catch (reason) {
      setFindError(messageOf(reason, T.findFailed));
      setFound(null);
    } finally {
      setBusy(false);
    }
  }

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function save() {
    if (!period && !editing) return;
    setBusy(true);
    setSaveError(null);
    try {
      const invoiceIds = [...selected];
      const answer = editing ? await api.setMerged(editing.id, invoiceIds) : await api.addMerged({ clientId, from: period!.from, to: period!.to, invoiceIds });
      notify(answer.message);
      setSelected(new Set());
      setFound(null);
      setEditing(null);
      setOpenId(answer.data.id);
      await loadMerged();
    } catch (reason) {
      setSaveError(messageOf(reason, texts.dialog.failed));
    } finally {
      setBusy(false);
    }
  }

  function edit(invoice: Invoice) {
    setEditing(invoice);
    if (invoice.from !== null && invoice.to !== null) {
      setFromDate(dateInput(invoice.from));
      setToDate(dateInput(invoice.to));
      void find({ from: invoice.from, to: invoice.to }, invoice);
    }
  }

  function cancelEdit() {
    setEditing(null);
    setSelected(new Set());
    setFound(null);
  }

  let periodHint: string | undefined;
  if (bothDates && !period) periodHint = T.periodInvalid;
  else if (period && !bookingsInPeriod) periodHint = T.noBookings;

  return (
    <div className={styles.root}>
      {showClientName && name && (
        <Subtitle2 as="h2" className={styles.title}>
          {T.forClient(name)}
        </Subtitle2>
      )}
      <section className={styles.box} aria-label={T.period}>
        <Subtitle2 as="h3" className={styles.title}>
          {T.period}
        </Subtitle2>
        {editing && (
          <MessageBar intent="info">
            <MessageBarBody>{T.editing(editing.number)}</MessageBarBody>
            <MessageBarActions>
              <Button onClick={cancelEdit}>{T.cancelEdit}</Button>
            </MessageBarActions>
          </MessageBar>
        )}
        <div className={styles.period}>
          <Field className={styles.date} label={T.from}>
            <Input type="date" value={fromDate} max={toDate || undefined} onChange={(_, data) => setFromDate(data.value)} />
          </Field>
          <Field className={styles.date} label={T.to}>
            <Input type="date" value={toDate} min={fromDate || undefined} onChange={(_, data) => setToDate(data.value)} />
          </Field>
          <Button appearance="primary" icon={<SearchRegular />} disabled={!canFind} onClick={() => void find(period, editing ?? undefined)}>
            {T.find}
          </Button>
        </div>
        {periodHint && <Caption1 role="status">{periodHint}</Caption1>}
        {findError && <LoadError title={T.findFailed} detail={findError} retryLabel={texts.retry} onRetry={() => void find(period, editing ?? undefined)} />}
        {busy && found === null && <Spinner size="tiny" label={texts.loading} />}
        {found !== null && (
          <>
            {found.length === 0 ? (
              <Text>{T.emptyInvoices}</Text>
            ) : (
              <>
                <Caption1>{T.selectHint}</Caption1>
                <ul className={styles.found} aria-label={T.found}>
                  {found.map((invoice) => (
                    <li key={invoice.id}>
                      <Checkbox checked={selected.has(invoice.id)} onChange={(_, data) => toggle(invoice.id, data.checked === true)} label={describe(invoice)} />
                    </li>
                  ))}
                </ul>
              </>
            )}
            <div className={styles.actions}>
              <Button appearance="primary" disabled={selected.size === 0 || busy} onClick={() => void save()}>
                {editing ? T.update : T.create}
              </Button>
              <Text aria-live="polite">{T.selected(selected.size)}</Text>
            </div>
          </>
        )}
        {saveError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{saveError}</MessageBarBody>
          </MessageBar>
        )}
      </section>
      <section aria-label={T.listTitle}>
        <Subtitle2 as="h3" className={styles.listTitle}>
          {T.listTitle}
        </Subtitle2>
        {loadError && <LoadError title={T.loadFailed} detail={loadError} retryLabel={texts.retry} onRetry={() => void loadMerged()} />}
        {merged === null ? (
          <Spinner size="tiny" label={texts.loading} />
        ) : (
          <InvoiceAccordion
            label={T.listTitle}
            invoices={merged}
            openId={openId}
            onOpen={setOpenId}
            empty={loadError ? null : <Text>{T.empty}</Text>}
            details={(invoice) => <InvoiceDetails api={api} invoice={invoice} notify={notify} onEdit={edit} onDelete={setDeleting} />}
          />
        )}
      </section>
      {deleting && (
        <ConfirmDialog
          open
          body={T.deleteBody(deleting.number || clientName(deleting))}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const answer = await api.remove(deleting.id);
            notify(answer.message);
            if (editing?.id === deleting.id) cancelEdit();
            await loadMerged();
          }}
        />
      )}
    </div>
  );
}
