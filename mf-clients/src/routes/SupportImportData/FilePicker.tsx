/**
 * 'Importer data': a drop zone for the clinic's export files, with a 'Gennemse' button (keyboard and screen readers)
 * over a hidden file input, and the list of chosen files: name, size in KB, the upload's progress and a done marker
 * for each, and a button to remove it (spec 3 §2). Which files may join the list is decided by the page.
 */
import { useRef, useState, type DragEvent } from 'react';
import { Button, Caption1, ProgressBar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, CheckmarkCircleFilled, DismissRegular, DocumentRegular } from '@fluentui/react-icons';
import { SUPPORT_IMPORT_EXTENSIONS } from '@klinik/core';
import { kilobytes } from './rules';
import { texts } from './texts';

export interface PickedFile {
  id: string;
  file: File;
}

const useStyles = makeStyles({
  zone: {
    display: 'grid',
    justifyItems: 'center',
    gap: '8px',
    padding: '24px 16px',
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
  },
  over: { border: `2px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  icon: { fontSize: '32px', color: tokens.colorBrandForeground1 },
  list: { display: 'grid', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: '4px 12px',
    padding: '8px 12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  name: { overflowWrap: 'anywhere' },
  meta: { display: 'flex', gap: '12px', alignItems: 'center' },
  done: { display: 'inline-flex', gap: '4px', alignItems: 'center', color: tokens.colorPaletteGreenForeground1 },
  bar: { gridColumn: '2 / 3' },
});

const ACCEPT = SUPPORT_IMPORT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function FilePicker({
  files,
  progress,
  disabled,
  onAdd,
  onRemove,
}: {
  files: readonly PickedFile[];
  /** Each file's share of the upload sent, 0 to 1, by id. */
  progress: Readonly<Record<string, number>>;
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
}) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onAdd([...event.dataTransfer.files]);
  };

  return (
    <>
      <div className={mergeClasses(styles.zone, over && styles.over)} onDragOver={onDragOver} onDragLeave={() => setOver(false)} onDrop={onDrop}>
        <ArrowUploadRegular className={styles.icon} aria-hidden />
        <Text>{texts.dropZone}</Text>
        <Button appearance="primary" disabled={disabled} onClick={() => input.current?.click()}>
          {texts.browse}
        </Button>
        <Caption1>{texts.fileTypes}</Caption1>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          aria-label={texts.fileInput}
          onChange={(event) => {
            onAdd([...(event.target.files ?? [])]);
            // The same file may be chosen again after it was removed.
            event.target.value = '';
          }}
        />
      </div>
      {files.length > 0 && (
        <ul className={styles.list} aria-label={texts.filesLabel}>
          {files.map(({ id, file }) => {
            const share = progress[id] ?? 0;
            return (
              <li key={id} className={styles.item}>
                <DocumentRegular aria-hidden />
                <span className={styles.meta}>
                  <Text className={styles.name} weight="semibold">
                    {file.name}
                  </Text>
                  <Caption1>{texts.size(kilobytes(file.size))}</Caption1>
                  {share >= 1 && (
                    <Caption1 className={styles.done}>
                      <CheckmarkCircleFilled aria-hidden />
                      {texts.done}
                    </Caption1>
                  )}
                </span>
                <Button appearance="subtle" icon={<DismissRegular />} aria-label={texts.remove(file.name)} disabled={disabled} onClick={() => onRemove(id)} />
                <ProgressBar className={styles.bar} value={share} max={1} aria-label={texts.progress(file.name)} />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
