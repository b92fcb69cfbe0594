/**
 * The tools above a searchable list: the search box and, for the owner, the therapist filter (spec 2: the owner
 * filters client data, courses and invoices by therapist). The list's state lives in usePagedList.
 */
import { useId } from 'react';
import { SearchBox, Select, Text, makeStyles } from '@fluentui/react-components';
import type { TherapistOption } from './usePagedList.js';

const useStyles = makeStyles({
  tools: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', marginBottom: '12px' },
  search: { minWidth: '220px', flexGrow: 1, maxWidth: '420px' },
  filter: { display: 'flex', alignItems: 'center', gap: '8px' },
});

export interface ListToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  /** Placeholder and accessible name of the search box. */
  searchLabel: string;
  /** Given for the owner: the therapist filter. */
  therapistFilter?: { label: string; allLabel: string; value: string; options: readonly TherapistOption[]; onChange: (id: string) => void };
}

export function ListToolbar({ search, onSearch, searchLabel, therapistFilter }: ListToolbarProps) {
  const styles = useStyles();
  const labelId = useId();
  return (
    <div className={styles.tools}>
      <SearchBox className={styles.search} placeholder={searchLabel} aria-label={searchLabel} value={search} onChange={(_, data) => onSearch(data.value)} />
      {therapistFilter && (
        <div className={styles.filter}>
          <Text id={labelId}>{therapistFilter.label}</Text>
          <Select aria-labelledby={labelId} value={therapistFilter.value} onChange={(_, data) => therapistFilter.onChange(data.value)}>
            <option value="">{therapistFilter.allLabel}</option>
            {therapistFilter.options.map((therapist) => (
              <option key={therapist.id} value={therapist.id}>
                {`${therapist.nameFirst} ${therapist.nameLast}`.trim()}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}
