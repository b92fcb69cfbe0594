/** Problems (tags; spec 2 §4): a de-duplicated list with search and add, saved as one field of the Stamdata. */
import { useState } from 'react';
import { Button, Caption1, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import { dedupeTags } from '@klinik/core/records';
import { SaveState } from '../saving/RecordTextarea';
import { useRecordField } from '../saving/useRecordField';
import { texts } from '../texts';
import { fieldState, type StamdataRecord } from './StamdataInputs';

const T = texts.stamdata;

const useStyles = makeStyles({
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  input: { minWidth: '220px', flexGrow: 1, maxWidth: '420px' },
  tags: { display: 'flex', flexWrap: 'wrap', gap: '6px', listStyleType: 'none', margin: '8px 0 0', padding: 0 },
  tag: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2px',
    paddingLeft: '10px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function TagsField({ record }: { record: StamdataRecord }) {
  const styles = useStyles();
  const state = useRecordField(record, 'tags');
  const [query, setQuery] = useState('');
  const search = query.trim().toLocaleLowerCase('da');
  const shown = search ? state.draft.filter((tag) => tag.toLocaleLowerCase('da').includes(search)) : state.draft;
  const exists = state.draft.some((tag) => tag.toLocaleLowerCase('da') === search);
  const add = () => {
    if (!query.trim()) return;
    record.edit('tags', dedupeTags([...state.draft, query]));
    setQuery('');
  };
  return (
    <div>
      <div className={styles.row}>
        <Field label={T.tagSearch} className={styles.input} {...fieldState(state)}>
          <Input
            type="search"
            value={query}
            onChange={(_, data) => setQuery(data.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </Field>
        <Button icon={<AddRegular />} disabled={!query.trim() || exists} onClick={add}>
          {T.tagAdd}
        </Button>
      </div>
      {state.draft.length === 0 && !search && <Caption1 className={styles.muted}>{T.noTags}</Caption1>}
      {search && shown.length === 0 && <Text role="status">{T.noTagsFound}</Text>}
      {shown.length > 0 && (
        <ul className={styles.tags} aria-label={T.labels.tags}>
          {shown.map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
              <Button
                size="small"
                appearance="transparent"
                icon={<DismissRegular />}
                aria-label={T.tagRemove(tag)}
                onClick={() => record.edit('tags', state.draft.filter((item) => item !== tag))}
              />
            </li>
          ))}
        </ul>
      )}
      <SaveState state={state} />
    </div>
  );
}
