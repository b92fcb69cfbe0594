/**
 * The 'Stamdata' panel: every Client field a therapist can change, each saving on its own 300 ms after typing
 * stops (spec 2 §4), with the spec's rules checked first (an invalid value is shown with its message and not
 * sent) and the server's message under the field when it refuses one. The intake form's answers and the profile
 * image sit here too.
 */
import { Caption1, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ClientRecord } from '@klinik/core';
import { formatPhonePairs } from '@klinik/core/records';
import { useClientPage } from '../page/context';
import { formatWhen } from '../page/format';
import { retryable } from '../page/retryable';
import { SectionToolbar } from '../page/SectionToolbar';
import { texts } from '../texts';
import { IntakeAnswers } from './IntakeAnswers';
import { digitsOnly, phoneDigits } from './stamdata';
import { CivilStatus, Sex, TextInput, Toggle, type StamdataRecord } from './StamdataInputs';
import { stamdataPrintEntries } from './stamdataPrint';
import { TagsField } from './TagsField';

const ImagesPanel = retryable(() => import('../images/ImagesPanel'));

const T = texts.stamdata;

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '4px 16px', alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  switches: { display: 'flex', flexWrap: 'wrap', gap: '4px 24px', alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { marginTop: '16px' },
});

const phone = { keep: phoneDigits, show: formatPhonePairs, inputMode: 'tel', type: 'tel' } as const;

export default function StamdataSection({ record, client, onClose }: { record: StamdataRecord; client: ClientRecord; onClose: () => void }) {
  const styles = useStyles();
  const services = useClientPage();

  return (
    <>
      <SectionToolbar
        onPrint={() => {
          record.flush();
          services.print({ title: texts.page.stamdata, entries: stamdataPrintEntries(record.drafts()) });
        }}
        onClose={onClose}
        history={{ entities: ['client'] }}
      />
      <div className={styles.grid}>
        <TextInput record={record} field="nameFirst" required autoComplete="off" />
        <TextInput record={record} field="nameLast" required autoComplete="off" />
        <TextInput record={record} field="CPR6Digit" required keep={(value) => digitsOnly(value, 6)} inputMode="numeric" maxLength={6} autoComplete="off" />
        <TextInput record={record} field="CPRLast4Digit" required keep={(value) => digitsOnly(value, 4)} inputMode="numeric" maxLength={4} autoComplete="off" />
        <TextInput record={record} field="address" required autoComplete="off" />
        <TextInput record={record} field="post" required keep={(value) => digitsOnly(value, 8)} inputMode="numeric" autoComplete="off" />
        <TextInput record={record} field="town" required autoComplete="off" />
        <TextInput record={record} field="email" type="email" autoComplete="off" />
        <TextInput record={record} field="phonePrivate" {...phone} />
        <TextInput record={record} field="phoneWork" {...phone} />
        <TextInput record={record} field="phoneRelative" {...phone} />
        <CivilStatus record={record} />
        <Sex record={record} />
        <TextInput record={record} field="education" />
        <TextInput record={record} field="children" keep={(value) => digitsOnly(value, 2)} inputMode="numeric" maxLength={2} />
        <TextInput record={record} field="doctor" />
        <TextInput record={record} field="otherTreater" />
        <div className={mergeClasses(styles.switches, styles.wide)}>
          <Toggle record={record} field="reminder" />
          <Toggle record={record} field="followUp" />
          <Toggle record={record} field="newsletter" />
        </div>
        <div className={styles.wide}>
          <TagsField record={record} />
        </div>
      </div>
      {client.updatedBy && <Caption1 className={styles.muted}>{T.updatedBy(client.updatedBy, formatWhen(client.updatedAt))}</Caption1>}
      <IntakeAnswers answers={client.intakeAnswers} />
      <section className={styles.section} aria-label={T.profileImage}>
        <Text weight="semibold">{T.profileImage}</Text>
        <ImagesPanel kind="profile" />
      </section>
    </>
  );
}
