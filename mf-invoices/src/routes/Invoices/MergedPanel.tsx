/**
 * The 'Samlet opgørelse' tab: find a client by name or CPR (300 ms after typing stops, the booking drawer's
 * client search), then that client's merged statements.
 */
import { useEffect, useState } from 'react';
import { Combobox, Field, Option, Text, makeStyles } from '@fluentui/react-components';
import type { ClientSummary } from '@klinik/core';
import { SEARCH_DEBOUNCE_MS } from '@klinik/ui';
import type { InvoicesApi } from '../../api';
import type { Notify } from '../../components/InvoiceDialog';
import { texts } from '../../texts';
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
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<ClientSummary[]>([]);
  const [searching, setSearching] = useState(false);
  const [client, setClient] = useState<ClientSummary | null>(null);
  // Open while typing, also when the text arrives without key presses (paste, autofill).
  const [open, setOpen] = useState(false);

  useEffect(() => {
    // Choosing a client writes its name into the box: that is not a new search.
    if (client && query === label(client)) return;
    let live = true;
    setSearching(true);
    const timer = window.setTimeout(() => {
      api.searchClients(query.trim()).then(
        (answer) => {
          if (!live) return;
          setOptions(answer.data);
          setSearching(false);
        },
        (reason: unknown) => {
          if (!live) return;
          setSearching(false);
          notify(reason instanceof Error ? `${T.searchFailed} ${reason.message}` : T.searchFailed, 'error');
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [api, query, notify, client]);

  return (
    <section aria-label={T.title}>
      <Field className={styles.picker} label={T.client}>
        <Combobox
          freeform
          placeholder={T.clientPlaceholder}
          value={query}
          selectedOptions={client ? [client.id] : []}
          open={open}
          onOpenChange={(_, data) => setOpen(data.open)}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onOptionSelect={(_, data) => {
            const chosen = options.find((option) => option.id === data.optionValue) ?? null;
            setClient(chosen);
            if (chosen) setQuery(label(chosen));
          }}
        >
          {options.map((option) => (
            <Option key={option.id} value={option.id} text={label(option)}>
              {label(option)}
            </Option>
          ))}
          {!searching && options.length === 0 && (
            <Option disabled value="" text={T.noClients}>
              {T.noClients}
            </Option>
          )}
        </Combobox>
      </Field>
      {client ? <MergedStatements key={client.id} api={api} clientId={client.id} notify={notify} /> : <Text>{T.clientHint}</Text>}
    </section>
  );
}
