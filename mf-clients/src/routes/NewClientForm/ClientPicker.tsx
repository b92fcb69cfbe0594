/**
 * Picks the client a public submission belongs to when it is not the one with its CPR number (a mistyped number, a
 * client without a Danish CPR number): a search by name or CPR over the clinic's clients the therapist may see, five
 * at a time, as the client list searches (getAllClient).
 */
import { useState } from 'react';
import { Button, Input, Text, makeStyles } from '@fluentui/react-components';
import { SEARCH_DEBOUNCE_MS, useDebounced, useQuery } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import { reviewTexts as T } from './reviewTexts';

const useStyles = makeStyles({
  picker: { display: 'grid', gap: '4px' },
  list: { display: 'grid', gap: '4px', margin: 0, padding: 0, listStyleType: 'none' },
  option: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
});

export function ClientPicker({ api, disabled, onPick }: { api: ClientsApi; disabled: boolean; onPick: (clientId: string) => void }) {
  const styles = useStyles();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery(['getAllClient', 'review', settled], async () => (settled ? (await api.clients({ page: 1, size: 5, search: settled })).data : []));
  return (
    <div className={styles.picker}>
      <Input aria-label={T.pickLabel} placeholder={T.pickPlaceholder} value={search} onChange={(_, data) => setSearch(data.value)} />
      {found.error && <Text role="alert">{found.error}</Text>}
      {settled && found.data?.length === 0 && <Text role="status">{T.pickNone}</Text>}
      <ul className={styles.list}>
        {(found.data ?? []).map((client) => (
          <li key={client.id} className={styles.option}>
            <Text>
              {client.nameFirst} {client.nameLast} ({client.CPR6Digit}-{client.CPRLast4Digit})
            </Text>
            <Button size="small" disabled={disabled} onClick={() => onPick(client.id)}>
              {T.pick(`${client.nameFirst} ${client.nameLast}`)}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
