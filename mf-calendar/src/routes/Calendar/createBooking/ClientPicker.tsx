/**
 * The existing client of a new booking: search by name or CPR (from two characters, when typing pauses), pick one
 * of the answers. A failed search says so with 'Prøv igen'; it is not 'Ingen klienter fundet'.
 */
import { Button, Field, SearchBox, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ClientSummary } from '@klinik/core';
import { QueryView, useDebounced, useQuery } from '@klinik/ui';
import type { CalendarApi } from '../../../api';
import { texts } from '../../../texts';
import type { FieldProps } from './fieldProps';

const T = texts.create;
const SEARCH_PAUSE_MS = 300;

const useStyles = makeStyles({
  results: { display: 'grid', gap: '2px', maxHeight: '220px', overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  result: { justifyContent: 'flex-start' },
  none: { padding: '8px' },
});

export function ClientPicker({
  api,
  search,
  onSearch,
  chosen,
  onChoose,
  field,
}: {
  api: CalendarApi;
  search: string;
  onSearch: (text: string) => void;
  chosen: ClientSummary | null;
  onChoose: (client: ClientSummary) => void;
  field: FieldProps;
}) {
  const styles = useStyles();
  const text = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const results = useQuery(text.length >= 2 ? ['getClientsFromTherapistCompany', text] : null, () => api.searchClients(text));
  return (
    <>
      <Field label={T.search} hint={T.searchHint} {...field}>
        <SearchBox value={search} onChange={(_, data) => onSearch(data.value)} />
      </Field>
      {chosen && (
        <Text>
          {T.chosen}: <strong>{`${chosen.nameFirst} ${chosen.nameLast}`}</strong> ({chosen.CPR6Digit}-{chosen.CPRLast4Digit})
        </Text>
      )}
      {text.length >= 2 && (
        <QueryView query={results} errorTitle={T.searchFailed}>
          {(answer) => (
            <div className={styles.results} role="listbox" aria-label={T.search}>
              {answer.data.length === 0 && <Text className={styles.none}>{T.noClients}</Text>}
              {answer.data.map((row) => (
                <Button
                  key={row.id}
                  role="option"
                  aria-selected={chosen?.id === row.id}
                  className={styles.result}
                  appearance={chosen?.id === row.id ? 'primary' : 'subtle'}
                  onClick={() => onChoose(row)}
                >
                  {`${row.nameFirst} ${row.nameLast} · ${row.CPR6Digit}-${row.CPRLast4Digit}`}
                </Button>
              ))}
            </div>
          )}
        </QueryView>
      )}
    </>
  );
}
