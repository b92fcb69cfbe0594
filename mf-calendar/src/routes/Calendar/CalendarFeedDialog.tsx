/**
 * 'Abonnér i din egen kalender': the therapist's private calendar feed. The address is shown once, right after it
 * is made (the server keeps only its hash); later the dialog says since when one works, and offers a new one (which
 * ends the old) or to stop it.
 */
import { useId, useRef, useState } from 'react';
import { Button, Caption1, Input, Label, Link, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { formatDanishDate } from '@klinik/core/time';
import { FormDialog, QueryView, queryKey, useCopy, useMutation, useQuery } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { feedTexts } from './feedTexts';

const T = feedTexts;

const useStyles = makeStyles({
  body: { display: 'grid', gap: '12px' },
  field: { display: 'grid', gap: '4px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  input: { flex: '1 1 220px', minWidth: 0, fontFamily: 'monospace' },
  hint: { color: tokens.colorNeutralForeground3 },
});

function FeedAddress({ url }: { url: string }) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const { state, copy } = useCopy(url);
  const inputId = useId();
  const hintId = useId();
  return (
    <div className={styles.field}>
      <Label htmlFor={inputId}>{T.addressLabel}</Label>
      <div className={styles.row}>
        <Input id={inputId} ref={input} className={styles.input} readOnly value={url} aria-describedby={hintId} onFocus={(event) => event.currentTarget.select()} />
        <Button icon={<CopyRegular />} onClick={() => copy(input.current)}>
          {state === 'copied' ? T.copied : T.copy}
        </Button>
      </div>
      <Caption1 id={hintId} className={styles.hint} role={state === 'failed' ? 'alert' : undefined}>
        {state === 'failed' ? T.copyFailed : T.secret}
      </Caption1>
      {/* webcal:// opens the system's calendar program with a subscription to the same address. */}
      <Link href={url.replace(/^https?:/, 'webcal:')}>{T.open}</Link>
      <Caption1 className={styles.hint}>{T.howTo}</Caption1>
    </div>
  );
}

export default function CalendarFeedDialog({ api, notify, onClose }: { api: CalendarApi; notify: (text: string, intent?: 'success' | 'error') => void; onClose: () => void }) {
  const styles = useStyles();
  const status = useQuery(queryKey('getCalendarFeed'), () => api.calendarFeed());
  // The address, only in this dialog's memory: it cannot be fetched again.
  const [created, setCreated] = useState<{ url: string; message: string } | null>(null);
  const renew = useMutation(() => api.renewCalendarFeed(), {
    invalidates: [queryKey('getCalendarFeed')],
    onSuccess: (answer) => setCreated({ url: answer.data.url, message: answer.message }),
  });
  const remove = useMutation(() => api.deleteCalendarFeed(), { notify, invalidates: [queryKey('getCalendarFeed')], onSuccess: () => setCreated(null) });
  const active = status.data?.data.active ?? false;

  return (
    <FormDialog
      title={T.title}
      onClose={onClose}
      busy={renew.pending || remove.pending}
      error={renew.error ?? remove.error}
      onSubmit={() => renew.run(undefined)}
      submitLabel={active ? T.renew : T.create}
      submitDisabled={status.data === undefined}
      // A new address while one works ends the old one: asked first.
      confirm={active ? { title: T.renewTitle, body: T.renewConfirm, confirmLabel: T.renew } : undefined}
      // Enter in the address field must not make a new address.
      submitOnEnter={false}
      actions={
        active ? (
          <Button appearance="subtle" disabled={remove.pending || renew.pending} onClick={() => void remove.run(undefined)}>
            {T.remove}
          </Button>
        ) : undefined
      }
    >
      <div className={styles.body}>
        <Text>{T.intro}</Text>
        <Text>{T.privacy}</Text>
        {created ? (
          <>
            <MessageBar intent="success">
              <MessageBarBody>{created.message}</MessageBarBody>
            </MessageBar>
            <FeedAddress url={created.url} />
          </>
        ) : (
          <QueryView query={status} errorTitle={T.loadFailed} loading={<Spinner size="tiny" label={T.title} />}>
            {(answer) => <Text>{answer.data.active && answer.data.createdAt ? T.activeSince(formatDanishDate(answer.data.createdAt)) : T.none}</Text>}
          </QueryView>
        )}
      </div>
    </FormDialog>
  );
}
