/**
 * The invoice dialog of a booking (spec 2, Invoice flow): the settings (InvoiceSettingsForm); 'Videre' asks the
 * server for the snapshot the invoice would carry and shows it as the PDF ('Annuller' and 'Opret'); 'Opret' issues
 * it. The server checks the company's and the client's data; its reasons, joined by '||', are shown as a list.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { kronerToOre, type Invoice, type InvoiceSnapshot } from '@klinik/core';
import { ActionError } from '@klinik/core/client';
import { formatKroner } from '@klinik/core/rules';
import { FormDialog, LoadError, useMutation, useQuery } from '@klinik/ui';
import type { InvoiceSettings, InvoicesApi } from '../api';
import { texts } from '../texts';
import { discountProblem, extraTreatmentIdsOf, initialChoices, problemsOf, toSettings, type Choices } from './invoiceChoices';
import { InvoiceProblems } from './InvoiceProblems';
import { InvoiceSettingsForm } from './InvoiceSettingsForm';
import PdfPreview from './PdfPreview';

const T = texts.dialog;

const useStyles = makeStyles({
  // The settings form and the preview lay themselves out.
  content: { display: 'block' },
  wide: { maxWidth: 'min(960px, calc(100vw - 32px))', width: '100%' },
  total: { display: 'block', marginBottom: '8px', fontWeight: tokens.fontWeightSemibold },
});

export type Notify = (text: string, intent?: 'success' | 'error' | 'warning' | 'info') => void;

export default function InvoiceDialog({
  api,
  bookingId,
  credit = false,
  isOwner,
  settingsPath,
  notify,
  onClose,
  onCreated,
}: {
  api: InvoicesApi;
  bookingId: string;
  /** Open with 'Kreditnota' chosen (from an issued invoice's row). */
  credit?: boolean;
  isOwner: boolean;
  /** The company settings page (mf-commerce), as the shell builds its address. */
  settingsPath: string;
  notify: Notify;
  onClose: () => void;
  onCreated: (invoice: Invoice) => void;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const company = useQuery(['getCompany'], async () => (await api.company()).data);
  const [choices, setChoices] = useState<Choices>(() => initialChoices(credit));
  const [discountInvalid, setDiscountInvalid] = useState(false);
  /** The server's preview: the second step. */
  const [snapshot, setSnapshot] = useState<InvoiceSnapshot | null>(null);

  // The caller's treatments for more lines; loaded with the dialog, needed only when chosen.
  const treatments = useQuery(['getTreatmentsFromTherapist'], async () => (await api.treatments()).data);
  const extras = extraTreatmentIdsOf(choices);
  const preview = useMutation((settings: InvoiceSettings) => api.preview(bookingId, settings, extras), { onSuccess: (answer) => setSnapshot(answer.data) });
  const create = useMutation(
    async (settings: InvoiceSettings) => {
      try {
        return await api.add(bookingId, settings, extras);
      } catch (reason) {
        // A discount the server refuses is corrected in the form, so the dialog goes back to it.
        if (reason instanceof ActionError && discountProblem(reason.errors)) setSnapshot(null);
        throw reason;
      }
    },
    { notify, onSuccess: (answer) => onCreated(answer.data) },
  );

  const clinicMoms = company.data?.moms ?? false;
  const settings = toSettings(choices, clinicMoms);
  const busy = preview.pending || create.pending;
  // The last step's refusal (each step forgets the other's when it starts).
  const failure = [create, preview].find((step) => step.error !== null);
  const problems = failure?.error ? problemsOf(failure.error, failure.fieldErrors) : [];
  const discountError = discountInvalid ? T.discountInvalid : failure ? (discountProblem(failure.fieldErrors) ?? null) : null;

  function next() {
    create.reset();
    preview.reset();
    const invalid = !choices.credit && choices.discount.trim() !== '' && kronerToOre(choices.discount) === null;
    setDiscountInvalid(invalid);
    if (!invalid) void preview.run(settings);
  }

  function issue() {
    preview.reset();
    void create.run(settings);
  }

  const alert = (
    <InvoiceProblems
      problems={problems}
      isOwner={isOwner}
      onOpenSettings={() => {
        onClose();
        void navigate(settingsPath);
      }}
    />
  );
  const kind = choices.credit ? T.credit : T.invoice;

  return (
    <FormDialog
      title={snapshot ? `${T.previewTitle}: ${kind}` : T.title}
      onClose={onClose}
      onSubmit={snapshot ? issue : next}
      busy={busy}
      submitLabel={snapshot ? T.create : T.next}
      cancelLabel={T.cancel}
      // The settings are a form of their own (InvoiceSettingsForm submits 'Videre' on Enter).
      submitOnEnter={false}
      surfaceClassName={snapshot ? styles.wide : undefined}
      contentClassName={styles.content}
      actions={
        snapshot && (
          <Button appearance="secondary" disabled={busy} onClick={() => setSnapshot(null)}>
            {T.back}
          </Button>
        )
      }
    >
      {snapshot ? (
        <>
          {alert}
          <Text className={styles.total}>{`${T.total}: ${formatKroner(snapshot.amounts.totalOre)}`}</Text>
          <PdfPreview snapshots={snapshot} title={`${kind} (${T.previewTitle.toLowerCase()})`} />
        </>
      ) : (
        <InvoiceSettingsForm
          choices={choices}
          moms={choices.moms ?? clinicMoms}
          momsReady={!company.loading}
          treatments={treatments.data ?? []}
          treatmentsFailed={treatments.error !== null}
          discountError={discountError}
          onChange={(change) => setChoices((current) => ({ ...current, ...change }))}
          onSubmit={next}
        >
          {company.error !== null && <LoadError title={T.companyFailed} detail={company.error} retryLabel={texts.retry} onRetry={() => void company.refresh()} />}
          {alert}
        </InvoiceSettingsForm>
      )}
    </FormDialog>
  );
}
