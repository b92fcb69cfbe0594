/**
 * /Settings' 'Næste fakturanummer' (spec 2: Company CVR counter), self-contained so the page only mounts it:
 * `<NextInvoiceNumber client={shell.client} readOnly={!isOwner} />`. It shows the number the clinic's next invoice
 * gets as invoices print it ('0041-26'), and lets the owner move it up to continue after another system
 * (`setCvrCounter`, the counter of the clinic's CVR number: the typed number less one). The rule that it only goes
 * up is core's `nextInvoiceNumberCheck`, checked here before sending and by the server again, with the same
 * message; the typed number is previewed as it will print. Other therapists see the number read-only.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Field, Input, Spinner, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { formatInvoiceNumber, nextInvoiceNumberCheck } from '@klinik/core';
import type { ActionClient } from '@klinik/core/client';
import { LoadError, useMutation, useQuery } from '@klinik/ui';
import { companyKey, settingsApi } from './api';
import { texts } from './texts';

const T = texts.nextNumber;

const useStyles = makeStyles({
  section: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '12px', maxWidth: '880px', marginTop: '24px' },
  heading: { margin: 0 },
  form: { display: 'flex', flexWrap: 'wrap', gap: '8px 12px', alignItems: 'start' },
  field: { minWidth: 0, width: '320px', maxWidth: '100%' },
  button: { marginTop: '26px' },
  number: { fontVariantNumeric: 'tabular-nums' },
  saved: { color: tokens.colorPaletteGreenForeground1 },
});

const counterKey = (cvr: string) => ['getCvrFromNumber', cvr] as const;

export function NextInvoiceNumber({ client, readOnly }: { client: ActionClient; readOnly: boolean }) {
  const styles = useStyles();
  const api = useMemo(() => settingsApi(client), [client]);
  // The company as the page loaded it (one request for both): its CVR number owns the counter.
  const company = useQuery(companyKey, api.company);
  const cvr = company.data?.CVR;
  const counter = useQuery(cvr === undefined ? null : counterKey(cvr), async () => (await client.call('getCvrFromNumber', { CVR: cvr ?? '' })).data);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation((count: number) => client.call('setCvrCounter', { CVR: cvr ?? '', count }), {
    successText: false,
    invalidates: [['getCvrFromNumber']],
    onSuccess: () => {
      setTyped('');
      setSaved(true);
    },
  });

  const data = counter.data;
  const check = data && typed.trim() ? nextInvoiceNumberCheck(typed, data.count, data.year) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!data || readOnly) return;
    save.reset();
    const outcome = nextInvoiceNumberCheck(typed, data.count, data.year);
    if ('problem' in outcome) {
      setProblem(outcome.problem);
      return;
    }
    setProblem(null);
    void save.run(outcome.count);
  }

  const message = problem ?? save.error;
  return (
    <section className={styles.section} aria-labelledby="settings-next-invoice-number">
      <Title3 as="h2" id="settings-next-invoice-number" className={styles.heading}>
        {T.title}
      </Title3>
      <Text>{T.intro}</Text>
      {counter.error && !data ? (
        <LoadError title={T.loadFailed} detail={counter.error} onRetry={() => void counter.refresh()} retryLabel={T.retry} />
      ) : !data ? (
        <Spinner size="tiny" label={T.loading} />
      ) : (
        <>
          <Text role="status">
            {T.next}{' '}
            <Text weight="semibold" className={styles.number}>
              {formatInvoiceNumber(data.count + 1, data.year)}
            </Text>
            {saved && <span className={styles.saved}> – {T.saved}</span>}
          </Text>
          {readOnly ? (
            <Text>{T.readOnly}</Text>
          ) : !cvr ? (
            <Text>{T.needsCvr}</Text>
          ) : (
            <form className={styles.form} noValidate onSubmit={submit} aria-label={T.title}>
              <Field
                className={styles.field}
                label={T.label}
                validationMessage={message ?? (check && 'count' in check ? T.preview(formatInvoiceNumber(check.count + 1, data.year)) : undefined)}
                validationState={message ? 'error' : 'none'}
              >
                <Input
                  value={typed}
                  inputMode="numeric"
                  autoComplete="off"
                  disabled={save.pending}
                  onChange={(_, change) => {
                    setTyped(change.value);
                    setProblem(null);
                    setSaved(false);
                    save.reset();
                  }}
                />
              </Field>
              <Button className={styles.button} type="submit" disabled={save.pending} icon={save.pending ? <Spinner size="tiny" /> : undefined}>
                {save.pending ? T.saving : T.save}
              </Button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

export default NextInvoiceNumber;
