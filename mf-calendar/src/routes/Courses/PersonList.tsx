/**
 * The people of a course day (participants or the waiting list) in sign-up order: name and e-mail, and a remove
 * button when the list is editable. Used by the course dialog's step 2 and by the calendar's course card.
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PersonDeleteRegular } from '@fluentui/react-icons';
import type { Participant } from '@klinik/core';
import { texts } from './texts';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: '22px' },
  person: { padding: '2px 0' },
  line: { display: 'flex', alignItems: 'center', gap: '4px', justifyContent: 'space-between' },
  who: { minWidth: 0, overflowWrap: 'anywhere' },
  email: { display: 'block', color: tokens.colorNeutralForeground3 },
});

export function nameOf(person: Participant): string {
  return `${person.nameFirst} ${person.nameLast}`.trim();
}

export function PersonList({ people, empty, disabled = false, onRemove }: { people: Participant[]; empty: string; disabled?: boolean; onRemove?: (person: Participant) => void }) {
  const styles = useStyles();
  if (people.length === 0) return <Text as="p">{empty}</Text>;
  return (
    <ol className={styles.list}>
      {people.map((person) => (
        <li key={person.id} className={styles.person}>
          <div className={styles.line}>
            <span className={styles.who}>
              {nameOf(person)}
              {person.email && (
                <Text size={200} className={styles.email}>
                  {person.email}
                </Text>
              )}
            </span>
            {onRemove && (
              <Button
                size="small"
                appearance="subtle"
                icon={<PersonDeleteRegular />}
                disabled={disabled}
                aria-label={`${texts.participants.remove} ${nameOf(person)}`}
                title={texts.participants.remove}
                onClick={() => onRemove(person)}
              />
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
