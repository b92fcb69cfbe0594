/**
 * A transaction's state as a badge in the spec's colours (spec 3 §4; core TRANSACTION_STATE_COLOURS): settled green,
 * failed red, created blue, pending grey, dunning yellow, authorized orange, cancelled pink. The text says the state,
 * so the colour is never the only cue.
 */
import { Badge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { TRANSACTION_STATE_COLOURS, type TransactionState } from '@klinik/core/commerce';
import { texts } from '../texts';

const useStyles = makeStyles({
  badge: { whiteSpace: 'nowrap' },
  green: { backgroundColor: tokens.colorPaletteGreenBackground2, color: tokens.colorPaletteGreenForeground2 },
  red: { backgroundColor: tokens.colorPaletteRedBackground2, color: tokens.colorPaletteRedForeground2 },
  blue: { backgroundColor: tokens.colorPaletteBlueBackground2, color: tokens.colorPaletteBlueForeground2 },
  grey: { backgroundColor: tokens.colorNeutralBackground5, color: tokens.colorNeutralForeground2 },
  yellow: { backgroundColor: tokens.colorPaletteYellowBackground2, color: tokens.colorNeutralForeground1 },
  orange: { backgroundColor: tokens.colorPaletteDarkOrangeBackground2, color: tokens.colorPaletteDarkOrangeForeground2 },
  pink: { backgroundColor: tokens.colorPalettePinkBackground2, color: tokens.colorPalettePinkForeground2 },
});

export function StateBadge({ state }: { state: TransactionState }) {
  const styles = useStyles();
  const colour = TRANSACTION_STATE_COLOURS[state] as keyof ReturnType<typeof useStyles>;
  return (
    <Badge appearance="filled" shape="rounded" className={mergeClasses(styles.badge, styles[colour])} data-state={state} data-colour={colour}>
      {texts.states[state]}
    </Badge>
  );
}
