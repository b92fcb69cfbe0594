/**
 * The shared rich-text editor (course descriptions, newsletters): Tiptap (ProseMirror) with only what the server
 * keeps after sanitising (paragraphs, line breaks, bold, italic, underline, strike, h2/h3, lists, quotes, links),
 * so what the therapist sees is what is stored. The value is HTML, '' when empty.
 *
 * Tiptap is ~135 KB gzip: never import this file statically. A page loads it lazily, with its own loading and error
 * look: `retryable(() => import('@klinik/ui/RichTextEditor'), look)`.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { Button, Input, Toolbar, ToolbarButton, ToolbarDivider, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowRedoRegular,
  ArrowUndoRegular,
  LinkDismissRegular,
  LinkRegular,
  TextBoldRegular,
  TextBulletListLtrRegular,
  TextHeader2Regular,
  TextHeader3Regular,
  TextItalicRegular,
  TextNumberListLtrRegular,
  TextQuoteRegular,
  TextStrikethroughRegular,
  TextUnderlineRegular,
} from '@fluentui/react-icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** The toolbar's labels (also the buttons' accessible names). */
export const richTextEditorTexts = {
  toolbar: 'Formatering',
  bold: 'Fed',
  italic: 'Kursiv',
  underline: 'Understreget',
  strike: 'Gennemstreget',
  heading: 'Overskrift',
  subheading: 'Underoverskrift',
  bulletList: 'Punktliste',
  orderedList: 'Nummereret liste',
  quote: 'Citat',
  link: 'Link',
  linkAddress: 'Linkadresse',
  insertLink: 'Indsæt link',
  removeLink: 'Fjern link',
  undo: 'Fortryd',
  redo: 'Gentag',
} as const;

const T = richTextEditorTexts;

const useStyles = makeStyles({
  frame: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-within': { borderBottomColor: tokens.colorCompoundBrandStroke, outline: `1px solid ${tokens.colorCompoundBrandStroke}` },
  },
  invalid: { border: `1px solid ${tokens.colorPaletteRedBorder2}` },
  toolbar: { flexWrap: 'wrap', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: '2px 4px' },
  link: { display: 'flex', gap: '8px', padding: '6px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, flexWrap: 'wrap' },
  linkInput: { flexGrow: 1, minWidth: '160px' },
  content: {
    minHeight: '140px',
    maxHeight: '320px',
    overflowY: 'auto',
    padding: '8px 12px',
    outline: 'none',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    '& p': { margin: '0 0 8px' },
    '& h2': { fontSize: tokens.fontSizeBase500, margin: '8px 0' },
    '& h3': { fontSize: tokens.fontSizeBase400, margin: '8px 0' },
    '& ul, & ol': { margin: '0 0 8px', paddingLeft: '24px' },
    '& blockquote': { margin: '0 0 8px', paddingLeft: '12px', borderLeft: `3px solid ${tokens.colorNeutralStroke1}`, color: tokens.colorNeutralForeground2 },
    '& a': { color: tokens.colorBrandForegroundLink },
  },
});

/** Only addresses the server keeps (spec: links survive sanitising with http, https, mailto and tel). */
function normaliseHref(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  if (/^(https?:|mailto:|tel:)/i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  return value.includes('@') && !value.includes('/') ? `mailto:${value}` : `https://${value}`;
}

function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
}

function EditorToolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const styles = useStyles();
  const state = useToolbarState(editor);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const chain = () => editor.chain().focus();

  const toggle = (label: string, icon: ReactElement, active: boolean, run: () => void) => (
    <ToolbarButton aria-label={label} title={label} aria-pressed={active} appearance={active ? 'primary' : 'subtle'} icon={icon} disabled={disabled} onClick={run} />
  );

  function insertLink() {
    const target = normaliseHref(href);
    if (!target) return;
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain().insertContent({ type: 'text', text: target.replace(/^mailto:/, ''), marks: [{ type: 'link', attrs: { href: target } }] }).run();
    } else {
      chain().extendMarkRange('link').setLink({ href: target }).run();
    }
    setLinkOpen(false);
    setHref('');
  }

  return (
    <>
      <Toolbar aria-label={T.toolbar} size="small" className={styles.toolbar}>
        {toggle(T.bold, <TextBoldRegular />, state.bold, () => chain().toggleBold().run())}
        {toggle(T.italic, <TextItalicRegular />, state.italic, () => chain().toggleItalic().run())}
        {toggle(T.underline, <TextUnderlineRegular />, state.underline, () => chain().toggleUnderline().run())}
        {toggle(T.strike, <TextStrikethroughRegular />, state.strike, () => chain().toggleStrike().run())}
        <ToolbarDivider />
        {toggle(T.heading, <TextHeader2Regular />, state.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {toggle(T.subheading, <TextHeader3Regular />, state.h3, () => chain().toggleHeading({ level: 3 }).run())}
        {toggle(T.bulletList, <TextBulletListLtrRegular />, state.bulletList, () => chain().toggleBulletList().run())}
        {toggle(T.orderedList, <TextNumberListLtrRegular />, state.orderedList, () => chain().toggleOrderedList().run())}
        {toggle(T.quote, <TextQuoteRegular />, state.quote, () => chain().toggleBlockquote().run())}
        <ToolbarDivider />
        {state.link
          ? toggle(T.removeLink, <LinkDismissRegular />, false, () => chain().extendMarkRange('link').unsetLink().run())
          : toggle(T.link, <LinkRegular />, linkOpen, () => {
              setHref('');
              setLinkOpen((open) => !open);
            })}
        <ToolbarDivider />
        <ToolbarButton aria-label={T.undo} title={T.undo} icon={<ArrowUndoRegular />} disabled={disabled || !state.canUndo} onClick={() => chain().undo().run()} />
        <ToolbarButton aria-label={T.redo} title={T.redo} icon={<ArrowRedoRegular />} disabled={disabled || !state.canRedo} onClick={() => chain().redo().run()} />
      </Toolbar>
      {linkOpen && (
        <div className={styles.link}>
          <Input
            className={styles.linkInput}
            aria-label={T.linkAddress}
            placeholder="https://"
            value={href}
            autoFocus
            onChange={(_, data) => setHref(data.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                insertLink();
              }
              if (event.key === 'Escape') {
                event.stopPropagation(); // close the link row, not the dialog
                setLinkOpen(false);
              }
            }}
          />
          <Button size="small" onClick={insertLink} disabled={!normaliseHref(href)}>
            {T.insertLink}
          </Button>
        </div>
      )}
    </>
  );
}

export interface RichTextEditorProps {
  /** HTML, read when the editor starts; later changes come from the editor itself. */
  value: string;
  onChange: (html: string) => void;
  /** The id of the visible label (the editable element is ProseMirror's, so it is labelled by id). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
}

export default function RichTextEditor({ value, onChange, labelledBy, describedBy, invalid = false, disabled = false }: RichTextEditorProps) {
  const styles = useStyles();
  const attributes: Record<string, string> = {
    class: styles.content,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // Only what the server's sanitiser keeps.
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto', 'tel'], HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' } },
      }),
    ],
    content: value,
    editable: !disabled,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // The editable element is ProseMirror's: its label, description and state are props of the view.
  const attributeKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributeKey) as Record<string, string> } });
  }, [editor, attributeKey]);

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  return (
    <div className={invalid ? `${styles.frame} ${styles.invalid}` : styles.frame}>
      <EditorToolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}
