/**
 * The page's tab strip. Fluent's TabList (its animated indicator) is some 7 KB gzip, so it arrives just after the
 * page, beside the first page of companies, which keeps the page's first load inside its budget; a placeholder of
 * its size (the same labels, unseen) keeps the table from moving when it comes.
 */
import { Tab, TabList, makeStyles } from '@fluentui/react-components';
import { texts } from '../../texts';
import { TAB_VALUES, type TabValue } from './tabValues';

// Every tab in sight: on a phone the strip wraps onto a second line rather than hiding tabs past its edge.
const useStyles = makeStyles({ tabs: { flexWrap: 'wrap' } });

export default function AdminTabs({ selected, onSelect }: { selected: TabValue; onSelect: (value: TabValue) => void }) {
  const styles = useStyles();
  return (
    <TabList className={styles.tabs} selectedValue={selected} onTabSelect={(_, data) => onSelect(data.value as TabValue)} aria-label={texts.page.tabsLabel}>
      {TAB_VALUES.map((value) => (
        <Tab key={value} value={value} id={`admin-tab-${value}`} aria-controls={`admin-panel-${value}`}>
          {texts.page.tabs[value]}
        </Tab>
      ))}
    </TabList>
  );
}
