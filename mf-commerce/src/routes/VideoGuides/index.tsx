/**
 * `/Videovejledninger` (spec 3, Video guides): a grid of guide cards and a player dialog. The two guides are films of
 * this product doing the task (recorded from it: e2e `npm run guides:record`); where they are comes from the shell
 * (`ShellServices.videoGuides`: the runtime config, else the files mf-commerce ships), so a provider can replace them.
 */
import { useState } from 'react';
import { Body1, Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { PlayCircleRegular } from '@fluentui/react-icons';
import type { RemotePageProps, VideoGuideKey } from '@klinik/core/rules';
import { PageHeader } from '@klinik/ui';
import { lazyPart } from '../../components/lazyPart';
import { Panel } from '../../components/Panel';
import { guideTexts as T } from './texts';

const PlayerDialog = lazyPart(() => import('./PlayerDialog'));
const ORDER: readonly VideoGuideKey[] = ['mergedInvoice', 'imageUpload'];

const useStyles = makeStyles({
  grid: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fill, minmax(min(300px, 100%), 1fr))', minWidth: 0 },
  intro: { display: 'block', marginBottom: '16px' },
  poster: {
    position: 'relative',
    display: 'block',
    width: '100%',
    aspectRatio: '16 / 10',
    padding: 0,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    cursor: 'pointer',
    backgroundColor: tokens.colorNeutralBackground3,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  image: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  play: { position: 'absolute', inset: 0, margin: 'auto', fontSize: '64px', color: tokens.colorBrandForeground1, filter: 'drop-shadow(0 1px 3px rgba(0,0,0,.35))' },
  actions: { display: 'flex', justifyContent: 'flex-start' },
});

export default function VideoGuidesPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const [open, setOpen] = useState<VideoGuideKey | null>(null);
  return (
    <section>
      <PageHeader title={T.heading} />
      <Body1 className={styles.intro}>{T.intro}</Body1>
      <div className={styles.grid} role="region" aria-label={T.list}>
        {ORDER.map((key) => {
          const guide = T.guides[key];
          const link = shell.videoGuides[key];
          return (
            <Panel key={key} title={guide.title} data-guide={key}>
              <button type="button" className={styles.poster} onClick={() => setOpen(key)} aria-label={T.play(guide.title)}>
                {link.poster && <img className={styles.image} src={link.poster} alt="" loading="lazy" />}
                <PlayCircleRegular className={styles.play} aria-hidden />
              </button>
              <Caption1>{guide.description}</Caption1>
              <div className={styles.actions}>
                <Button appearance="primary" icon={<PlayCircleRegular />} onClick={() => setOpen(key)}>
                  {T.play(guide.title)}
                </Button>
              </div>
            </Panel>
          );
        })}
      </div>
      {open && <PlayerDialog title={T.guides[open].title} video={shell.videoGuides[open].video} poster={shell.videoGuides[open].poster} onClose={() => setOpen(null)} />}
    </section>
  );
}
