/** The Stamdata as printed: the values the panel shows. */
import { formatPhonePairs } from '@klinik/core/records';
import type { PrintEntry } from '../page/printModel';
import { texts } from '../texts';
import type { StamdataValues } from './stamdata';

const T = texts.stamdata;
const L = T.labels;

export function stamdataPrintEntries(values: StamdataValues): PrintEntry[] {
  const yesNo = (value: boolean) => (value ? 'Ja' : 'Nej');
  const sex = values.sex === 1 ? T.sexMale : values.sex === 2 ? T.sexFemale : '';
  return [
    { label: L.nameFirst, value: values.nameFirst },
    { label: L.nameLast, value: values.nameLast },
    { label: 'CPR', value: `${values.CPR6Digit}-${values.CPRLast4Digit}` },
    { label: L.address, value: values.address },
    { label: L.post, value: values.post },
    { label: L.town, value: values.town },
    { label: L.email, value: values.email },
    { label: L.phonePrivate, value: formatPhonePairs(values.phonePrivate) },
    { label: L.phoneWork, value: formatPhonePairs(values.phoneWork) },
    { label: L.phoneRelative, value: formatPhonePairs(values.phoneRelative) },
    { label: L.civilStatus, value: values.civilStatus },
    { label: L.sex, value: sex },
    { label: L.education, value: values.education },
    { label: L.children, value: values.children },
    { label: L.doctor, value: values.doctor },
    { label: L.otherTreater, value: values.otherTreater },
    { label: L.reminder, value: yesNo(values.reminder) },
    { label: L.followUp, value: yesNo(values.followUp) },
    { label: L.newsletter, value: yesNo(values.newsletter) },
    { label: L.tags, value: values.tags.join(', ') },
  ];
}
