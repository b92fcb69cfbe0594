/**
 * The pager under a paginated list (spec: 5, 10 or 15 per page; a list with other sizes passes `sizes`, such as the
 * therapist list's 5, 10 and 25): page size, 'first–last af total', previous and next. A new page size starts again
 * from page 1. Texts are Danish; the list owns page and size.
 */
import { useId } from 'react';
import { Button, Select, Text, makeStyles } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

export const PAGE_SIZES = [5, 10, 15] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '8px', marginTop: '12px', flexWrap: 'wrap' },
});

export function Pager<S extends number = PageSize>({
  page,
  size,
  total,
  onPage,
  onSize,
  sizes = PAGE_SIZES as readonly number[] as readonly S[],
}: {
  page: number;
  size: S;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: S) => void;
  sizes?: readonly S[];
}) {
  const styles = useStyles();
  const labelId = useId();
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  return (
    <div className={styles.pager}>
      {/* A list with one fixed page size (the companies table: 10, spec 1 §9) has nothing to choose. */}
      {sizes.length > 1 && (
        <>
          <Text id={labelId}>Pr. side</Text>
          <Select
            aria-labelledby={labelId}
            value={String(size)}
            onChange={(_, data) => {
              onSize(Number(data.value) as S);
              onPage(1);
            }}
          >
            {sizes.map((value) => (
              <option key={value} value={String(value)}>
                {value}
              </option>
            ))}
          </Select>
        </>
      )}
      <Text aria-live="polite">{`${first}–${last} af ${total}`}</Text>
      <Button icon={<ChevronLeftRegular />} aria-label="Forrige side" disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <Button icon={<ChevronRightRegular />} aria-label="Næste side" disabled={last >= total} onClick={() => onPage(page + 1)} />
    </div>
  );
}
