import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { EVENT_COLORS } from '@klinik/core/time';
import { texts } from '../../texts';

const T = texts.calendar;
const ENTRIES = [
  [EVENT_COLORS.course, T.legendCourse],
  [EVENT_COLORS.created, T.legendCreated],
  [EVENT_COLORS.journal, T.legendJournal],
  [EVENT_COLORS.invoiced, T.legendInvoiced],
  [EVENT_COLORS.unavailable, T.legendUnavailable],
  [EVENT_COLORS.opening, T.legendOpening],
] as const;
/** States shown over a booking's colour, drawn as calendar.css draws them on the bookings. */
const MARKS = [
  [{ backgroundColor: '#8a8886', backgroundImage: 'repeating-linear-gradient(135deg, rgba(255, 255, 255, 0.3) 0 3px, transparent 3px 8px)' }, T.legendNoShow],
  [{ backgroundColor: '#ffffff', border: '2px dashed #605e5c' }, T.legendAwaitingPayment],
] as const;

const useStyles = makeStyles({
  list: { display: 'flex', flexWrap: 'wrap', gap: '6px 16px', listStyleType: 'none', margin: '0 0 12px', padding: 0 },
  item: { display: 'flex', alignItems: 'center', gap: '6px' },
  swatch: { width: '14px', height: '14px', borderRadius: '3px', border: `1px solid ${tokens.colorNeutralStroke1}` },
});

/** The colour legend of spec 2 §2. */
export function Legend() {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={T.legend}>
      {ENTRIES.map(([color, label]) => (
        <li key={label} className={styles.item}>
          <span className={styles.swatch} style={{ backgroundColor: color }} aria-hidden />
          <Text size={200}>{label}</Text>
        </li>
      ))}
      {MARKS.map(([look, label]) => (
        <li key={label} className={styles.item}>
          <span className={styles.swatch} style={look} aria-hidden />
          <Text size={200}>{label}</Text>
        </li>
      ))}
    </ul>
  );
}
