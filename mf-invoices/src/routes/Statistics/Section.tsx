/**
 * One figure of /Statistik: a heading, a one-line summary, and the chart or its table (a button switches; the table
 * holds every number the chart draws). CSV of the table on request. The chart and uPlot load when first shown.
 */
import { useState } from 'react';
import { Body1, Button, Caption1, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { formatStatisticsCell, type StatisticsTable } from '@klinik/core';
import { TableScroll } from '@klinik/ui';
import { retryable } from '../../components/retryable';
import type { ChartSpec } from './Chart';
import { statisticsTexts as T } from './texts';

const Chart = retryable(() => import(/* webpackChunkName: "statistics-chart" */ './Chart'), <Caption1>…</Caption1>);

const useStyles = makeStyles({
  card: { marginBottom: '16px', padding: '12px 16px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px', justifyContent: 'space-between' },
  actions: { display: 'flex', gap: '8px' },
  legend: { display: 'flex', gap: '16px', color: tokens.colorNeutralForeground2 },
  swatch: { display: 'inline-block', width: '10px', height: '10px', marginRight: '4px', borderRadius: '2px' },
  number: { textAlign: 'right' },
});

export default function Section({ table, summary, chart, onCsv }: { table: StatisticsTable; summary: string; chart: ChartSpec | null; onCsv: () => void }) {
  const styles = useStyles();
  const [showTable, setShowTable] = useState(chart === null);
  const headingId = `statistik-${table.name}`;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.head}>
        <Subtitle2 as="h2" id={headingId}>
          {table.title}
        </Subtitle2>
        <div className={styles.actions}>
          {chart && (
            <Button size="small" aria-pressed={showTable} onClick={() => setShowTable((value) => !value)}>
              {showTable ? T.showChart : T.showTable}
            </Button>
          )}
          <Button size="small" onClick={onCsv}>
            {T.exportCsv}
          </Button>
        </div>
      </div>
      <Body1>{summary}</Body1>
      {showTable || !chart ? (
        table.rows.length === 0 ? (
          <Caption1>{T.empty}</Caption1>
        ) : (
          <TableScroll>
            <Table size="small" aria-label={table.title}>
              <TableHeader>
                <TableRow>
                  {table.columns.map((column) => (
                    <TableHeaderCell key={column.title} className={column.kind === 'text' ? undefined : styles.number}>
                      {column.title}
                    </TableHeaderCell>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {table.rows.map((row, index) => (
                  <TableRow key={index}>
                    {row.map((value, cell) => (
                      <TableCell key={cell} className={table.columns[cell]!.kind === 'text' ? undefined : styles.number}>
                        {formatStatisticsCell(value, table.columns[cell]!)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )
      ) : (
        <>
          <div className={styles.legend} aria-hidden="true">
            {chart.series.map((series) => (
              <Caption1 key={series.label}>
                <span className={styles.swatch} style={{ backgroundColor: series.color }} />
                {series.label}
              </Caption1>
            ))}
          </div>
          <Chart spec={chart} name={summary} failed={T.chartLoadFailed} />
        </>
      )}
    </section>
  );
}
