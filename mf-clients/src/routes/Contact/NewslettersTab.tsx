/**
 * 'Nyhedsbreve': the caller's newsletters (the owner: the clinic's), newest first, each with its latest sending.
 * Write and edit in a dialog with the shared rich-text editor; send after the send dialog's confirmation (to all
 * clients with newsletter on, or to chosen ones); delete after 'Er du sikker?'. A sending under way shows its progress
 * (useSendProgress polls it). The dialogs' code arrives when one is opened.
 */
import { useState } from 'react';
import {
  Button,
  Caption1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, SendRegular } from '@fluentui/react-icons';
import type { Newsletter, NewsletterSend } from '@klinik/core';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { LoadError, SkeletonRows, TableScroll, invalidateQueries, retryable, useQuery } from '@klinik/ui';
import type { TabProps } from './types';
import { NEWSLETTERS } from './model';
import { SendStatus } from './SendStatus';
import { SignupLink } from './SignupLink';
import { texts } from './texts';
import { useSendProgress } from './useSendProgress';

const T = texts.newsletters;
const COLUMNS = 4;

const dialogLook = {
  fallback: null,
  renderError: (error: Error, retry: () => void) => <LoadError title={texts.partFailed} detail={error.message} retryLabel={texts.retry} onRetry={retry} />,
};
const NewsletterDialog = retryable(() => import('./NewsletterDialog'), dialogLook);
const SendDialog = retryable(() => import('./SendDialog'), dialogLook);
const ConfirmDialog = retryable(() => import('@klinik/ui/ConfirmDialog'), dialogLook);

const useStyles = makeStyles({
  // minmax(0, 1fr): the wide table scrolls inside the panel on a phone instead of widening the page.
  tab: { display: 'grid', gap: '12px', gridTemplateColumns: 'minmax(0, 1fr)' },
  tools: { display: 'flex', flexWrap: 'wrap', gap: '8px 16px', alignItems: 'center', justifyContent: 'space-between' },
  intro: { color: tokens.colorNeutralForeground3, flexBasis: '320px', flexGrow: 1 },
  subject: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  nowrap: { whiteSpace: 'nowrap' },
  // On a phone the list keeps subject, sending and actions.
  updated: { whiteSpace: 'nowrap', '@media (max-width: 600px)': { display: 'none' } },
  status: { minWidth: '160px' },
  actions: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
  empty: { display: 'grid', gap: '2px' },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1, display: 'block', marginTop: '8px' },
});

export default function NewslettersTab({ api, notify, shell }: TabProps) {
  const styles = useStyles();
  const therapistId = shell.therapist?.id ?? '';
  const newsletters = useQuery(NEWSLETTERS, async () => (await api.newsletters()).data);
  const progressError = useSendProgress(api, newsletters);
  const [editing, setEditing] = useState<Newsletter | 'new' | null>(null);
  const [sending, setSending] = useState<Newsletter | null>(null);
  const [deleting, setDeleting] = useState<Newsletter | null>(null);
  const { setData } = newsletters;

  /** A sending just started: shown at once, and followed from here on. */
  function started(send: NewsletterSend) {
    setData((current) => (current ?? []).map((newsletter) => (newsletter.id === send.newsletterId ? { ...newsletter, lastSend: send } : newsletter)));
  }

  async function remove(newsletter: Newsletter) {
    const answer = await api.deleteNewsletter(newsletter.id);
    await invalidateQueries(NEWSLETTERS);
    notify(answer.message);
  }

  const rows = newsletters.data;
  return (
    <section aria-label={T.label} className={styles.tab}>
      {therapistId && <SignupLink url={`${window.location.origin}/Newsletter?id=${encodeURIComponent(therapistId)}`} />}
      <div className={styles.tools}>
        <Text className={styles.intro}>{T.intro}</Text>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
          {T.add}
        </Button>
      </div>
      {newsletters.error !== null && <LoadError title={T.loadFailed} detail={newsletters.error} retryLabel={texts.retry} onRetry={() => void newsletters.refresh()} />}
      <TableScroll>
        <Table aria-label={T.label} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{T.subject}</TableHeaderCell>
              <TableHeaderCell className={styles.updated}>{T.updated}</TableHeaderCell>
              <TableHeaderCell>{T.lastSend}</TableHeaderCell>
              <TableHeaderCell>
                <span className={styles.nowrap}>{T.actions}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody aria-busy={rows === undefined && newsletters.error === null}>
            {rows === undefined && newsletters.error === null && <SkeletonRows rows={3} columns={COLUMNS} />}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS}>
                  <div className={styles.empty}>
                    <Text>{T.empty}</Text>
                    <Caption1>{T.emptyHint}</Caption1>
                  </div>
                </TableCell>
              </TableRow>
            )}
            {rows?.map((newsletter) => (
              <TableRow key={newsletter.id}>
                <TableCell className={styles.subject}>{newsletter.subject}</TableCell>
                <TableCell className={styles.updated}>{`${formatDanishDate(newsletter.updatedAt)} ${formatCopenhagenTime(newsletter.updatedAt)}`}</TableCell>
                <TableCell className={styles.status}>
                  <SendStatus subject={newsletter.subject} send={newsletter.lastSend} />
                </TableCell>
                <TableCell>
                  {newsletter.isEdit && (
                    <div className={styles.actions}>
                      <Button size="small" icon={<EditRegular />} aria-label={T.edit(newsletter.subject)} title={T.editLabel} onClick={() => setEditing(newsletter)} />
                      <Button
                        size="small"
                        icon={<SendRegular />}
                        aria-label={T.send(newsletter.subject)}
                        title={T.sendLabel}
                        disabled={newsletter.lastSend !== null && newsletter.lastSend.state !== 'done'}
                        onClick={() => setSending(newsletter)}
                      >
                        {T.sendLabel}
                      </Button>
                      <Button size="small" icon={<DeleteRegular />} aria-label={T.remove(newsletter.subject)} title={T.removeLabel} onClick={() => setDeleting(newsletter)} />
                    </div>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      {progressError !== null && (
        <Caption1 role="status" className={styles.warning}>
          {T.progressFailed} {progressError}
        </Caption1>
      )}
      {editing !== null && <NewsletterDialog api={api} notify={notify} newsletter={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {sending !== null && <SendDialog api={api} notify={notify} newsletter={sending} onStarted={started} onClose={() => setSending(null)} />}
      {deleting !== null && (
        <ConfirmDialog
          open
          title={T.deleteTitle}
          body={T.deleteBody(deleting.subject)}
          confirmLabel={T.deleteConfirm}
          cancelLabel={texts.cancel}
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
