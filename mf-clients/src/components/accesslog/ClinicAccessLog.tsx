/**
 * The clinic-wide access log on /Klientdata (the owner's): every logged read in a period, newest first, filtered by
 * the therapist who read and by a client (picked from the list itself).
 */
import { useId, useState } from 'react';
import { Button, Caption1, Field, Input, Select, Spinner, makeStyles } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { ACCESS_LOG_PAGE_SIZE, type AccessLogEntry } from '@klinik/core';
import { copenhagenDateKey, fromCopenhagenInputs } from '@klinik/core/time';
import { Pager, QueryView, queryKey, useQuery } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import { AccessLogTable } from './AccessLogTable';
import { accessLogTexts as T } from './texts';

const DAY = 86_400_000;

const useStyles = makeStyles({
  intro: { display: 'block', marginBottom: '8px' },
  filters: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'end', marginBottom: '12px' },
});

/** The period the inputs name, from the start of the first day to the end of the last (Copenhagen time). */
export function periodOf(fromDate: string, toDate: string): { from: number; to: number } | null {
  const from = fromCopenhagenInputs(fromDate, '00:00');
  const lastDay = fromCopenhagenInputs(toDate, '00:00');
  if (from === null || lastDay === null) return null;
  // The next day's midnight, whatever the length of the last day (summer time).
  const to = fromCopenhagenInputs(copenhagenDateKey(lastDay + DAY + 3 * 3_600_000), '00:00');
  return to !== null && to > from ? { from, to } : null;
}

export default function ClinicAccessLog({ api, now = Date.now() }: { api: Pick<ClientsApi, 'accessLog' | 'therapists'>; now?: number }) {
  const styles = useStyles();
  const therapistLabel = useId();
  const [fromDate, setFromDate] = useState(() => copenhagenDateKey(now - 30 * DAY));
  const [toDate, setToDate] = useState(() => copenhagenDateKey(now));
  const [therapistId, setTherapistId] = useState('');
  const [client, setClient] = useState<Pick<AccessLogEntry, 'clientId' | 'clientName'> | null>(null);
  const [page, setPage] = useState(1);
  const period = periodOf(fromDate, toDate);
  const input = period ? { ...period, page, ...(therapistId ? { therapistId } : {}), ...(client ? { clientId: client.clientId } : {}) } : null;
  const therapists = useQuery(queryKey('getCompanyTherapists'), async () => (await api.therapists()).data);
  const log = useQuery(input ? queryKey('getAccessLog', input) : null, () => api.accessLog(input!));
  const filter = <V,>(set: (value: V) => void) => (value: V) => {
    set(value);
    setPage(1);
  };

  return (
    <section aria-label={T.clinicTitle}>
      <Caption1 className={styles.intro}>{T.clinicIntro}</Caption1>
      <div className={styles.filters}>
        <Field label={T.from}>
          <Input type="date" value={fromDate} onChange={(_, data) => filter(setFromDate)(data.value)} />
        </Field>
        <Field label={T.to} validationMessage={period ? undefined : T.badPeriod}>
          <Input type="date" value={toDate} onChange={(_, data) => filter(setToDate)(data.value)} />
        </Field>
        <Field label={<span id={therapistLabel}>{T.therapist}</span>}>
          <Select aria-labelledby={therapistLabel} value={therapistId} onChange={(_, data) => filter(setTherapistId)(data.value)}>
            <option value="">{T.allTherapists}</option>
            {therapists.data?.map((therapist) => (
              <option key={therapist.id} value={therapist.id}>
                {`${therapist.nameFirst} ${therapist.nameLast}`.trim()}
              </option>
            ))}
          </Select>
        </Field>
        {client && (
          <Button icon={<DismissRegular />} onClick={() => filter(setClient)(null)} title={T.allClients}>
            {T.onlyClient(client.clientName)}
          </Button>
        )}
      </div>
      {input && (
        <QueryView query={log} errorTitle={T.loadFailed} loading={<Spinner size="tiny" label={T.clinicTitle} />}>
          {(answer) => (
            <>
              <AccessLogTable rows={answer.data} label={T.clinicTitle} onClient={(entry) => filter(setClient)({ clientId: entry.clientId, clientName: entry.clientName })} />
              {answer.total > ACCESS_LOG_PAGE_SIZE && (
                <Pager page={page} size={ACCESS_LOG_PAGE_SIZE} sizes={[ACCESS_LOG_PAGE_SIZE]} total={answer.total} onPage={setPage} onSize={() => undefined} />
              )}
            </>
          )}
        </QueryView>
      )}
    </section>
  );
}
