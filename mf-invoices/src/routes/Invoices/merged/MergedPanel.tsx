/**
 * The 'Samlet opgørelse' tab: find a client by name or CPR (300 ms after typing stops, the booking drawer's
 * client search), then that client's merged statements. A failed search says so with 'Prøv igen'; it is never
 * shown as 'Ingen klienter fundet'.
 */
import { useState } from 'react';
import { Combobox, Field, Option, Text, makeStyles } from '@fluentui/react-components';
import type { ClientSummary } from '@klinik/core';
import { LoadError, SEARCH_DEBOUNCE_MS, useDebounced, useQuery } from '@klinik/ui';
import type { InvoicesApi } from '../../../api';
import type { Notify } from '../../../components/InvoiceDialog';
import { texts } from '../../../texts';
import { mergedQueries } from './mergedQueries';
import MergedStatements from './MergedStatements';

const T = texts.merged;

const useStyles = makeStyles({
  picker: { maxWidth: '420px', marginBottom: '16px' },
});

function label(client: ClientSummary): string {
  const name = `${client.nameFirst} ${client.nameLast}`.trim();
  return client.CPR6Digit ? `${name} (${client.CPR6Digit})` : name;
}

export default function MergedPanel({ api, notify }: { api: InvoicesApi; notify: Notify }) {
  const styles = useStyles();
  // What is typed searches; choosing a client writes its name into the box, which is not a new search.
  const [typed, setTyped] = useState('');
  const [value, setValue] = useState('');
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const clients = useQuery(mergedQueries.clients(search), async () => (await api.searchClients(search)).data);
  const [client, setClient] = useState<ClientSummary | null>(null);
  // Open while typing, also when the text arrives without key presses (paste, autofill).
  const [open, setOpen] = useState(false);
  const options = clients.data ?? [];
  const searching = clients.loading || clients.refreshing || search !== typed.trim();

  return (
    <section aria-label={T.title}>
      <Field className={styles.picker} label={T.client}>
        <Combobox
          freeform
          placeholder={T.clientPlaceholder}
          value={value}
          selectedOptions={client ? [client.id] : []}
          open={open}
          onOpenChange={(_, data) => setOpen(data.open)}
          onChange={(event) => {
            setTyped(event.target.value);
            setValue(event.target.value);
            setOpen(true);
          }}
          onOptionSelect={(_, data) => {
            const chosen = options.find((option) => option.id === data.optionValue) ?? null;
            setClient(chosen);
            if (chosen) setValue(label(chosen));
          }}
        >
          {options.map((option) => (
            <Option key={option.id} value={option.id} text={label(option)}>
              {label(option)}
            </Option>
          ))}
          {!searching && clients.data?.length === 0 && (
            <Option disabled value="" text={T.noClients}>
              {T.noClients}
            </Option>
          )}
        </Combobox>
      </Field>
      {clients.error !== null && <LoadError title={T.searchFailed} detail={clients.error} retryLabel={texts.retry} onRetry={() => void clients.refresh()} />}
      {client ? <MergedStatements key={client.id} api={api} clientId={client.id} notify={notify} /> : <Text>{T.clientHint}</Text>}
    </section>
  );
}
