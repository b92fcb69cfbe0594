/** 'Svar fra klientformularen': what the client answered in the intake form, question by question. */
import { Text, makeStyles } from '@fluentui/react-components';
import type { ClientRecord } from '@klinik/core';
import { texts } from '../texts';

const T = texts.stamdata;

const useStyles = makeStyles({
  section: { marginTop: '16px' },
  answers: { margin: '4px 0 0', display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px' },
  pair: { display: 'contents' },
  dd: { margin: 0, whiteSpace: 'pre-wrap' },
});

export function IntakeAnswers({ answers }: { answers: ClientRecord['intakeAnswers'] }) {
  const styles = useStyles();
  if (answers.length === 0) return null;
  return (
    <section className={styles.section} aria-label={T.intakeAnswers}>
      <Text weight="semibold">{T.intakeAnswers}</Text>
      <dl className={styles.answers}>
        {answers.map((answer) => (
          <div key={`${answer.questionId}-${answer.submittedAt}`} className={styles.pair}>
            <dt>{answer.fieldName}</dt>
            <dd className={styles.dd}>{answer.fieldType === 'checkbox' ? (answer.value === 'true' ? 'Ja' : 'Nej') : answer.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
