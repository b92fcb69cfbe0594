/**
 * The 'Henvendelser' tab: what the public pages handed in that waits for the therapist (an intake form
 * sent without the clinic's link, a booking or course sign-up from a person the clinic could not verify). Each can be
 * accepted onto the client with the same CPR number (when the clinic has one), onto another client found by a search,
 * or as a new client, or rejected after 'Er du sikker?'; many can be chosen and rejected at once (a queue
 * strangers filled). Loaded only when the tab is opened, so the page's first load stays inside its budget.
 */
import { Suspense, useState } from 'react';
import { Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { PublicSubmission } from '@klinik/core';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { QueryView, invalidateQueries, partOnDemand, useMutation, useQuery } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import { ClientPicker } from './ClientPicker';
import { reviewTexts as T } from './reviewTexts';

const ConfirmDialog = partOnDemand(() => import('@klinik/ui/ConfirmDialog'));

const SUBMISSIONS = ['getPublicSubmissions'] as const;

const useStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground3, display: 'block', marginBottom: '12px' },
  list: { display: 'grid', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  // Long e-mails and answers wrap on a phone (390 px) instead of widening the page.
  row: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '8px 12px', display: 'grid', gap: '4px', overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', marginTop: '4px' },
  bulk: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px', marginBottom: '8px' },
  title: { display: 'flex', alignItems: 'center', gap: '4px' },
  answers: { margin: 0, paddingLeft: '16px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

function what(row: PublicSubmission): string {
  if (row.kind === 'booking') return `${row.treatmentName}, ${formatDanishDate(row.from)} kl. ${formatCopenhagenTime(row.from)}${row.reason ? ` – ${row.reason}` : ''}`;
  if (row.kind === 'course') return T.courseDays(row.eventDateIds.length);
  if (row.kind === 'journal-request') return T.journalRequest;
  if (row.kind === 'waitlist') return T.waitlist(row.treatmentName);
  return '';
}

export function ReviewTab({ api, notify }: { api: ClientsApi; notify: (text: string, intent?: 'success' | 'error') => void }) {
  const styles = useStyles();
  const submissions = useQuery(SUBMISSIONS, async () => (await api.submissions()).data);
  const [rejecting, setRejecting] = useState<PublicSubmission | null>(null);
  /** The rows chosen for 'Afvis valgte', and whether its confirmation is open. */
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [rejectingChosen, setRejectingChosen] = useState(false);
  /** The row whose client search is open. */
  const [picking, setPicking] = useState<string | null>(null);
  const accept = useMutation((input: { id: string; clientId?: string }) => api.acceptSubmission(input), { notify, invalidates: [SUBMISSIONS] });

  async function reject(row: PublicSubmission) {
    const answer = await api.rejectSubmission(row.id);
    await invalidateQueries(SUBMISSIONS);
    notify(answer.message);
  }

  async function rejectChosen(ids: string[]) {
    const answer = await api.rejectSubmissions(ids);
    setChosen(new Set());
    await invalidateQueries(SUBMISSIONS);
    notify(answer.message);
  }

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // Only rows still listed count (a reload may have removed some).
  const listed = submissions.data ?? [];
  const chosenIds = listed.filter((row) => chosen.has(row.id)).map((row) => row.id);

  return (
    <section aria-label={T.label}>
      <Text className={styles.hint}>{T.hint}</Text>
      <QueryView query={submissions} errorTitle={T.loadFailed} loading={<Text role="status">{T.label}…</Text>}>
        {(rows) =>
          rows.length === 0 ? (
            <Text role="status">{T.empty}</Text>
          ) : (
            <>
              <div className={styles.bulk}>
                <Checkbox
                  label={T.selectAll(rows.length)}
                  checked={chosenIds.length === 0 ? false : chosenIds.length === rows.length ? true : 'mixed'}
                  onChange={(_, data) => setChosen(data.checked === true ? new Set(rows.map((row) => row.id)) : new Set())}
                />
                <Button disabled={chosenIds.length === 0} onClick={() => setRejectingChosen(true)}>
                  {T.rejectSelected(chosenIds.length)}
                </Button>
              </div>
              <ul className={styles.list}>
                {rows.map((row) => (
                  <li key={row.id} className={styles.row} aria-label={`${T.kind[row.kind]}: ${row.person.nameFirst} ${row.person.nameLast}`}>
                    <span className={styles.title}>
                      <Checkbox aria-label={T.select(`${row.person.nameFirst} ${row.person.nameLast}`)} checked={chosen.has(row.id)} onChange={(_, data) => toggle(row.id, data.checked === true)} />
                      <Text weight="semibold">
                        {T.kind[row.kind]}: {row.person.nameFirst} {row.person.nameLast}
                      </Text>
                    </span>
                    <Text>
                      {row.person.CPR6Digit}-{row.person.CPRLast4Digit} · {row.person.email} · {row.person.phonePrivate}
                    </Text>
                    {what(row) && <Text>{what(row)}</Text>}
                    {row.answers.length > 0 && (
                      <ul className={styles.answers}>
                        {row.answers.map((answer, index) => (
                          <li key={index}>
                            {answer.fieldName}: {answer.value}
                          </li>
                        ))}
                      </ul>
                    )}
                    {row.matchingClientId && <Text italic>{T.known}</Text>}
                    <div className={styles.actions}>
                      {row.matchingClientId ? (
                        <Button appearance="primary" disabled={accept.pending} onClick={() => void accept.run({ id: row.id, clientId: row.matchingClientId! })}>
                          {T.attach}
                        </Button>
                      ) : (
                        <Button appearance="primary" disabled={accept.pending} onClick={() => void accept.run({ id: row.id })}>
                          {T.create}
                        </Button>
                      )}
                      <Button onClick={() => setPicking(picking === row.id ? null : row.id)} aria-expanded={picking === row.id}>
                        {T.other}
                      </Button>
                      <Button onClick={() => setRejecting(row)}>{T.reject}</Button>
                    </div>
                    {picking === row.id && <ClientPicker api={api} disabled={accept.pending} onPick={(clientId) => void accept.run({ id: row.id, clientId })} />}
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryView>
      {accept.error && (
        <Text role="alert" className={styles.error}>
          {accept.error}
        </Text>
      )}
      {rejecting && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={T.rejectTitle}
            body={T.rejectBody}
            confirmLabel={T.rejectConfirm}
            cancelLabel={T.cancel}
            onConfirm={() => reject(rejecting)}
            onClose={() => setRejecting(null)}
          />
        </Suspense>
      )}
      {rejectingChosen && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={T.rejectTitle}
            body={T.rejectManyBody(chosenIds.length)}
            confirmLabel={T.rejectConfirm}
            cancelLabel={T.cancel}
            onConfirm={() => rejectChosen(chosenIds)}
            onClose={() => setRejectingChosen(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
