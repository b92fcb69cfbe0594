/**
 * A table's box (docs/architecture.md, 'How to add a page'): a table wider than the box scrolls sideways inside it
 * instead of widening the page. While part of the table is out of sight a soft shade on that side says there is
 * more (on a phone the treatments' price and buttons, for one, start out of sight), and the box takes the
 * keyboard's focus, so the arrow keys scroll it. `data-more` names the hidden sides: 'start', 'end' or 'both'.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';

const useStyles = makeStyles({
  frame: { position: 'relative', minWidth: 0 },
  box: { overflowX: 'auto' },
  shade: { position: 'absolute', top: 0, bottom: 0, width: '16px', pointerEvents: 'none' },
  start: { left: 0, backgroundImage: 'linear-gradient(to right, rgba(0, 0, 0, 0.16), rgba(0, 0, 0, 0))' },
  end: { right: 0, backgroundImage: 'linear-gradient(to left, rgba(0, 0, 0, 0.16), rgba(0, 0, 0, 0))' },
});

type Hidden = 'start' | 'end' | 'both' | undefined;

/** Which sides of a sideways-scrolling box hide part of its content. */
function hiddenSides(box: HTMLElement): Hidden {
  const start = box.scrollLeft > 1;
  const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
  return start && end ? 'both' : start ? 'start' : end ? 'end' : undefined;
}

export function TableScroll({ children, className }: { children: ReactNode; /** more of the box's own look */ className?: string }) {
  const styles = useStyles();
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>(undefined);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setHidden(hiddenSides(element));
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    // The box narrows with the window, and its table widens as its rows arrive.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  return (
    <div className={styles.frame}>
      <div ref={box} className={mergeClasses(styles.box, className)} tabIndex={hidden ? 0 : undefined} data-more={hidden}>
        {children}
      </div>
      {(hidden === 'start' || hidden === 'both') && <span aria-hidden className={mergeClasses(styles.shade, styles.start)} />}
      {(hidden === 'end' || hidden === 'both') && <span aria-hidden className={mergeClasses(styles.shade, styles.end)} />}
    </div>
  );
}
