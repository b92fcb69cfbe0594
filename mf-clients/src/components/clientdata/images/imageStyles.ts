/** The image cards' look, shared by the gallery and the chosen images waiting for the upload. */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useImageCardStyles = makeStyles({
  grid: { display: 'flex', flexWrap: 'wrap', gap: '10px', listStyleType: 'none', margin: 0, padding: 0 },
  card: {
    width: '132px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '6px',
    display: 'grid',
    gap: '4px',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  thumbButton: {
    padding: 0,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    display: 'block',
    width: '120px',
    height: '90px',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  thumb: { width: '120px', height: '90px', objectFit: 'cover', display: 'block', borderRadius: tokens.borderRadiusSmall },
  cardFoot: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', minWidth: 0 },
  pending: { outline: `2px dashed ${tokens.colorBrandStroke1}` },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: tokens.fontSizeBase200 },
});
