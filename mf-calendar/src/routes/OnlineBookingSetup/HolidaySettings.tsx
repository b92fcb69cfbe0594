/**
 * The holidays tab of /Onlinereservation: which Danish holidays the clinic keeps closed for online booking (the
 * owner's choice for the whole clinic; the others see it). The calendar shows every holiday either way.
 */
import { useEffect, useId, useState } from 'react';
import { Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { HOLIDAY_NAMES, OPTIONAL_HOLIDAY_IDS, PUBLIC_HOLIDAY_IDS, type HolidayId } from '@klinik/core';
import { QueryView, queryKey, useMutation, useQuery, type Notify } from '@klinik/ui';
import type { onlineSetupApi } from './api';
import { panel } from './styles';
import { holidayTexts, onlineSetupTexts } from './texts';

const T = holidayTexts;

const useStyles = makeStyles({
  card: panel,
  hint: { color: tokens.colorNeutralForeground3 },
  days: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '2px 16px' },
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end' },
});

function DayGroup({ label, ids, closed, disabled, onToggle }: { label: string; ids: readonly HolidayId[]; closed: ReadonlySet<HolidayId>; disabled: boolean; onToggle: (id: HolidayId, on: boolean) => void }) {
  const styles = useStyles();
  const labelId = useId();
  // Not a Fluent Field: a Field hands its label and id to every checkbox inside it.
  return (
    <div role="group" aria-labelledby={labelId}>
      <Text id={labelId} weight="semibold" block>
        {label}: {T.closed.toLowerCase()}
      </Text>
      <div className={styles.days}>
        {ids.map((id) => (
          <Checkbox key={id} label={HOLIDAY_NAMES[id]} checked={closed.has(id)} disabled={disabled} onChange={(_, data) => onToggle(id, data.checked === true)} />
        ))}
      </div>
    </div>
  );
}

export default function HolidaySettings({ api, isOwner, notify }: { api: ReturnType<typeof onlineSetupApi>; isOwner: boolean; notify: Notify }) {
  const styles = useStyles();
  const settings = useQuery(queryKey('getHolidaySettings'), () => api.holidaySettings());
  const [closed, setClosed] = useState<ReadonlySet<HolidayId> | null>(null);
  const stored = settings.data?.data.closed;
  // The boxes start from what is stored, and again after a save.
  useEffect(() => setClosed(stored ? new Set(stored) : null), [stored]);
  const save = useMutation((ids: HolidayId[]) => api.setHolidaySettings({ closed: ids }), {
    notify,
    errorToast: true,
    // The calendar's holidays say which days are closed.
    invalidates: [queryKey('getHolidays')],
    onSuccess: (answer) => settings.setData(() => answer),
  });
  const toggle = (id: HolidayId, on: boolean) =>
    setClosed((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const dirty = closed !== null && stored !== undefined && (closed.size !== stored.length || stored.some((id) => !closed.has(id)));

  return (
    <QueryView query={settings} errorTitle={T.loadFailed} loading={<Text role="status">{onlineSetupTexts.loading}</Text>}>
      {() =>
        closed && (
          <div className={styles.card}>
            <Text>{T.intro}</Text>
            {!isOwner && <Text className={styles.hint}>{T.ownerOnly}</Text>}
            <DayGroup label={T.publicDays} ids={PUBLIC_HOLIDAY_IDS} closed={closed} disabled={!isOwner || save.pending} onToggle={toggle} />
            <DayGroup label={T.optionalDays} ids={OPTIONAL_HOLIDAY_IDS} closed={closed} disabled={!isOwner || save.pending} onToggle={toggle} />
            {isOwner && (
              <div className={styles.actions}>
                <Button appearance="primary" disabled={!dirty || save.pending} onClick={() => void save.run([...closed])}>
                  {save.pending ? T.saving : T.save}
                </Button>
              </div>
            )}
          </div>
        )
      }
    </QueryView>
  );
}
