/**
 * The invoice dialog of a booking (spec 2, Invoice flow): type (invoice or credit note), discount in kroner,
 * VAT, treatment text, current treatment and follow-up text; 'Videre' asks the server for the snapshot the
 * invoice would carry and shows it as the PDF ('Annuller' and 'Opret'); 'Opret' issues it. The server checks the
 * company's and the client's data; its reasons, joined by '||', are shown as a list.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { kronerToOre, splitInvoiceErrors, type Invoice, type InvoiceSnapshot } from '@klinik/core';
import { ActionError } from '@klinik/core/client';
import { formatKroner } from '@klinik/core/rules';
import type { InvoiceSettings, InvoicesApi } from '../api';
import { texts } from '../texts';
import PdfPreview from './PdfPreview';

const T = texts.dialog;

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px' },
  switches: { display: 'grid', gap: '2px' },
  wide: { maxWidth: 'min(960px, calc(100vw - 32px))', width: '100%' },
  list: { margin: '4px 0 0', paddingLeft: '20px' },
  total: { display: 'block', marginBottom: '8px', fontWeight: tokens.fontWeightSemibold },
});

export type Notify = (text: string, intent?: 'success' | 'error' | 'warning' | 'info') => void;

interface Choices {
  credit: boolean;
  discount: string;
  moms: boolean;
  treatmentText: boolean;
  aktuelBehandling: boolean;
  followUpText: boolean;
}

function toSettings(choices: Choices): InvoiceSettings {
  return {
    type: !choices.credit,
    // A credit note repeats its invoice's amounts; what was typed for a discount does not apply.
    discount: choices.credit || choices.discount.trim() === '' ? 0 : choices.discount.trim(),
    moms: choices.moms,
    treatmentText: choices.treatmentText,
    aktuelBehandling: choices.aktuelBehandling,
    followUpText: choices.followUpText,
  };
}

function problemsOf(reason: unknown): { problems: string[]; discount?: string } {
  if (reason instanceof ActionError) {
    const discount = reason.errors['settings.discount'] ?? reason.errors['discount'];
    const problems = splitInvoiceErrors(reason.message).filter((problem) => problem !== discount);
    return { problems: problems.length || discount ? problems : [T.failed], ...(discount ? { discount } : {}) };
  }
  return { problems: [reason instanceof Error ? reason.message : T.failed] };
}

export default function InvoiceDialog({
  api,
  bookingId,
  credit = false,
  isOwner,
  notify,
  onClose,
  onCreated,
}: {
  api: InvoicesApi;
  bookingId: string;
  /** Open with 'Kreditnota' chosen (from an issued invoice's row). */
  credit?: boolean;
  isOwner: boolean;
  notify: Notify;
  onClose(): void;
  onCreated(invoice: Invoice): void;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [choices, setChoices] = useState<Choices>({ credit, discount: '', moms: false, treatmentText: false, aktuelBehandling: false, followUpText: false });
  // The VAT switch waits for the clinic's default, so a click is never overwritten by it.
  const [momsDefaultLoaded, setMomsDefaultLoaded] = useState(false);
  const [snapshot, setSnapshot] = useState<InvoiceSnapshot | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [discountError, setDiscountError] = useState<string | null>(null);

  // VAT starts as the clinic's default (company profile 'moms').
  useEffect(() => {
    let live = true;
    api.company().then(
      (answer) => {
        if (!live) return;
        setChoices((current) => ({ ...current, moms: answer.data.moms }));
        setMomsDefaultLoaded(true);
      },
      (reason: unknown) => {
        console.warn('Company profile not loaded', reason);
        if (live) setMomsDefaultLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  const set = <K extends keyof Choices>(key: K, value: Choices[K]) => setChoices((current) => ({ ...current, [key]: value }));

  function fail(reason: unknown) {
    const found = problemsOf(reason);
    setProblems(found.problems);
    setDiscountError(found.discount ?? null);
    if (found.discount) setSnapshot(null);
  }

  async function next() {
    setProblems([]);
    setDiscountError(null);
    if (!choices.credit && choices.discount.trim() !== '' && kronerToOre(choices.discount) === null) {
      setDiscountError(T.discountInvalid);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.preview(bookingId, toSettings(choices));
      setSnapshot(answer.data);
    } catch (reason) {
      fail(reason);
    } finally {
      setBusy(false);
    }
  }

  async function create() {
    setProblems([]);
    setBusy(true);
    try {
      const answer = await api.add(bookingId, toSettings(choices));
      notify(answer.message);
      onCreated(answer.data);
    } catch (reason) {
      fail(reason);
      setBusy(false);
    }
  }

  const companyProblem = problems.some((problem) => problem.includes('Firmaindstillinger'));
  const alert = problems.length > 0 && (
    <MessageBar intent="error" role="alert" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{T.problems}</MessageBarTitle>
        <ul className={styles.list}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        {companyProblem && isOwner && (
          <Link
            onClick={() => {
              onClose();
              navigate('/Settings');
            }}
          >
            {T.openSettings}
          </Link>
        )}
      </MessageBarBody>
    </MessageBar>
  );

  const kind = choices.credit ? T.credit : T.invoice;

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface className={snapshot ? styles.wide : undefined}>
        <DialogBody>
          <DialogTitle>{snapshot ? `${T.previewTitle}: ${kind}` : T.title}</DialogTitle>
          <DialogContent>
            {snapshot ? (
              <>
                {alert}
                <Text className={styles.total}>{`${T.total}: ${formatKroner(snapshot.amounts.totalOre)}`}</Text>
                <PdfPreview snapshots={snapshot} title={`${kind} (${T.previewTitle.toLowerCase()})`} />
              </>
            ) : (
              <form
                className={styles.form}
                onSubmit={(event) => {
                  event.preventDefault();
                  void next();
                }}
              >
                <Field label={T.type}>
                  <RadioGroup layout="horizontal" value={choices.credit ? 'credit' : 'invoice'} onChange={(_, data) => set('credit', data.value === 'credit')}>
                    <Radio value="invoice" label={T.invoice} />
                    <Radio value="credit" label={T.credit} />
                  </RadioGroup>
                </Field>
                {choices.credit && <Text>{T.creditHint}</Text>}
                <Field label={T.discount} hint={T.discountHint} validationMessage={discountError ?? undefined}>
                  <Input inputMode="decimal" disabled={choices.credit} value={choices.discount} onChange={(_, data) => set('discount', data.value)} />
                </Field>
                <div className={styles.switches}>
                  <Switch
                    label={T.moms}
                    disabled={choices.credit || !momsDefaultLoaded}
                    checked={choices.moms}
                    onChange={(_, data) => set('moms', data.checked)}
                  />
                  <Switch label={T.treatmentText} disabled={choices.credit} checked={choices.treatmentText} onChange={(_, data) => set('treatmentText', data.checked)} />
                  <Switch label={T.aktuelBehandling} disabled={choices.credit} checked={choices.aktuelBehandling} onChange={(_, data) => set('aktuelBehandling', data.checked)} />
                  <Switch label={T.followUpText} disabled={choices.credit} checked={choices.followUpText} onChange={(_, data) => set('followUpText', data.checked)} />
                </div>
                {alert}
                {/* Enter in the discount field submits. */}
                <button type="submit" hidden aria-hidden tabIndex={-1} />
              </form>
            )}
          </DialogContent>
          <DialogActions>
            {snapshot ? (
              <>
                <Button appearance="secondary" disabled={busy} onClick={() => setSnapshot(null)}>
                  {T.back}
                </Button>
                <Button appearance="secondary" disabled={busy} onClick={onClose}>
                  {T.cancel}
                </Button>
                <Button appearance="primary" disabled={busy} onClick={() => void create()}>
                  {T.create}
                </Button>
              </>
            ) : (
              <>
                <Button appearance="secondary" disabled={busy} onClick={onClose}>
                  {T.cancel}
                </Button>
                <Button appearance="primary" disabled={busy} onClick={() => void next()}>
                  {T.next}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
