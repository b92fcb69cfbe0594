/** Placeholder rows of a table while its page loads (hidden from screen readers; the table says aria-busy). */
import { Skeleton, SkeletonItem, TableCell, TableRow } from '@fluentui/react-components';

export function SkeletonRows({ rows, columns, cellClassName }: { rows: number; columns: number; /** a column's class, as its real cells have it (one a phone hides) */ cellClassName?: (column: number) => string | undefined }) {
  return (
    <>
      {Array.from({ length: rows }, (_, index) => (
        <TableRow key={`skeleton-${index}`} aria-hidden>
          {Array.from({ length: columns }, (__, cell) => (
            <TableCell key={cell} className={cellClassName?.(cell)}>
              <Skeleton>
                <SkeletonItem />
              </Skeleton>
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
