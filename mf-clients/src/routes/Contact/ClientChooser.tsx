/**
 * Choosing the clients a newsletter goes to: the caller's clients who can receive newsletters
 * (getClientsFromTherapistNewsletterList), searchable by name or e-mail (300 ms after typing stops), in pages. The
 * choice is kept across pages and searches until it is cleared.
 */
import { useCallback } from 'react';
import {
  Button,
  Caption1,
  Checkbox,
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
import type { ActionInput, NewsletterClient } from '@klinik/core';
import { ListToolbar, LoadError, Pager, SkeletonRows, TableScroll, usePagedList, type PageQuery } from '@klinik/ui';
import type { ContactApi } from '../../api';
import { texts } from './texts';

const T = texts.sendDialog;
const COLUMNS = 3;
type ClientPageSize = NonNullable<ActionInput<'getClientsFromTherapistNewsletterList'>['size']>;
const SIZES: readonly ClientPageSize[] = [5, 10, 15, 50];

const useStyles = makeStyles({
  chooser: { display: 'grid', gap: '4px', gridTemplateColumns: 'minmax(0, 1fr)' },
  scroll: { maxHeight: '360px', overflowY: 'auto' },
  row: { cursor: 'pointer' },
  check: { width: '44px' },
  email: { overflowWrap: 'anywhere' },
  chosen: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
});

const fullName = (client: NewsletterClient) => `${client.nameFirst} ${client.nameLast}`.trim();

export function ClientChooser({
  api,
  chosen,
  onChange,
  disabled,
}: {
  api: ContactApi;
  chosen: ReadonlyMap<string, NewsletterClient>;
  onChange: (chosen: ReadonlyMap<string, NewsletterClient>) => void;
  disabled: boolean;
}) {
  const styles = useStyles();
  const fetchPage = useCallback((query: PageQuery<ClientPageSize>) => api.newsletterClients({ page: query.page, size: query.size, search: query.search }), [api]);
  const list = usePagedList<NewsletterClient, ClientPageSize>({ fetchPage, loadFailed: T.loadFailed, queryKey: ['getClientsFromTherapistNewsletterList'], initialSize: 10 });
  const rows = list.rows;
  const onPage = rows?.filter((client) => chosen.has(client.id)).length ?? 0;
  const allOnPage = rows !== null && rows.length > 0 && onPage === rows.length;

  function toggle(client: NewsletterClient, on: boolean) {
    const next = new Map(chosen);
    if (on) next.set(client.id, client);
    else next.delete(client.id);
    onChange(next);
  }

  function togglePage(on: boolean) {
    const next = new Map(chosen);
    for (const client of rows ?? []) {
      if (on) next.set(client.id, client);
      else next.delete(client.id);
    }
    onChange(next);
  }

  return (
    <div className={styles.chooser}>
      <ListToolbar search={list.search} onSearch={list.setSearch} searchLabel={T.search} />
      {list.error && <LoadError title={T.loadFailed} detail={list.error} retryLabel={texts.retry} onRetry={() => void list.load()} />}
      <TableScroll className={styles.scroll}>
        <Table aria-label={T.clientsLabel} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.check}>
                <Checkbox
                  aria-label={T.chooseAll}
                  checked={allOnPage ? true : onPage > 0 ? 'mixed' : false}
                  disabled={disabled || !rows?.length}
                  onChange={(_, data) => togglePage(data.checked === true)}
                />
              </TableHeaderCell>
              <TableHeaderCell>{T.name}</TableHeaderCell>
              <TableHeaderCell>{T.email}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody aria-busy={rows === null}>
            {rows === null && <SkeletonRows rows={Math.min(list.size, 5)} columns={COLUMNS} />}
            {rows?.length === 0 && !list.error && (
              <TableRow>
                <TableCell colSpan={COLUMNS}>
                  <Text>{T.noClients}</Text> <Caption1 className={styles.hint}>{T.noClientsHint}</Caption1>
                </TableCell>
              </TableRow>
            )}
            {rows?.map((client) => (
              <TableRow key={client.id} className={styles.row} onClick={() => !disabled && toggle(client, !chosen.has(client.id))}>
                <TableCell className={styles.check}>
                  <Checkbox
                    aria-label={T.choose(fullName(client))}
                    checked={chosen.has(client.id)}
                    disabled={disabled}
                    onClick={(event) => event.stopPropagation()}
                    onChange={(_, data) => toggle(client, data.checked === true)}
                  />
                </TableCell>
                <TableCell>{fullName(client)}</TableCell>
                <TableCell className={styles.email}>{client.email}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <Pager page={list.page} size={list.size} total={list.total} onPage={list.setPage} onSize={list.setSize} sizes={SIZES} />
      <div className={styles.chosen}>
        <Text weight="semibold" aria-live="polite">
          {T.chosen(chosen.size)}
        </Text>
        {chosen.size > 0 && (
          <Button size="small" appearance="subtle" disabled={disabled} onClick={() => onChange(new Map())}>
            {T.clear}
          </Button>
        )}
      </div>
    </div>
  );
}
