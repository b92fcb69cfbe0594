import { Body1, Title2, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({ page: { display: 'grid', gap: '8px', alignContent: 'start' }, title: { margin: 0 } });

/** A route page whose features arrive with a later issue: its heading, and an honest line about it. */
export function ComingLater({ title }: { title: string }) {
  const styles = useStyles();
  return (
    <section className={styles.page}>
      <Title2 as="h1" className={styles.title}>
        {title}
      </Title2>
      <Body1 as="p">Denne side er under udvikling.</Body1>
    </section>
  );
}
