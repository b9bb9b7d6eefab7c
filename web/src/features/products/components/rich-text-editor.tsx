import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { sanitizeHtml } from '../../../lib/sanitize-html';

export interface VisualEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
}

/**
 * The visual tab of a description: Mantine's TipTap editor. Loaded lazily (it is heavy). It starts
 * from the field's current HTML each time the tab opens, so edits in the HTML tab carry over.
 */
export default function VisualEditor({ label, value, onChange }: VisualEditorProps) {
  const editor = useEditor({
    // StarterKit 3 brings its own link extension; Mantine's (with its link control) replaces it.
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: sanitizeHtml(value),
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <RichTextEditor editor={editor} aria-label={`${label} toolbar and editor`}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={140} />
    </RichTextEditor>
  );
}
