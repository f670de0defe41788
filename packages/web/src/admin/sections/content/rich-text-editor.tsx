import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import Looks3Outlined from '@mui/icons-material/Looks3Outlined';
import LooksTwoOutlined from '@mui/icons-material/LooksTwoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState } from 'react';

export interface RichTextEditorTexts {
  bold: string;
  italic: string;
  heading2: string;
  heading3: string;
  bulletList: string;
  orderedList: string;
  link: string;
  unlink: string;
  linkAddress: string;
  apply: string;
  toolbar: string;
}

/**
 * The back office's rich-text editor (TipTap 3 on ProseMirror). It offers exactly what the shop's
 * server-side sanitiser keeps (lib/html-sanitizer.ts): paragraphs, h2/h3, bullet and numbered
 * lists, bold, italic, links and line breaks. The server cleans the HTML again when it is saved.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  texts,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  texts: RichTextEditorTexts;
  helperText?: string;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto', 'tel'],
        },
      }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'rich-text-editor-content',
      },
    },
    // Empty trailing paragraphs (the editor keeps one after a heading) are not content.
    onUpdate: ({ editor: current }) =>
      onChange(current.isEmpty ? '' : current.getHTML().replace(/(?:<p><\/p>)+$/, '')),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linkAnchor, setLinkAnchor] = useState<HTMLElement | null>(null);
  const [href, setHref] = useState('');

  const chain = () => editor.chain().focus();
  const tools = [
    {
      key: 'bold',
      label: texts.bold,
      icon: <FormatBold />,
      active: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: 'italic',
      label: texts.italic,
      icon: <FormatItalic />,
      active: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: 'h2',
      label: texts.heading2,
      icon: <LooksTwoOutlined />,
      active: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: texts.heading3,
      icon: <Looks3Outlined />,
      active: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bullet',
      label: texts.bulletList,
      icon: <FormatListBulleted />,
      active: state.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'ordered',
      label: texts.orderedList,
      icon: <FormatListNumbered />,
      active: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
  ];

  return (
    <Box>
      <FormLabel id={labelId} sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </FormLabel>
      <Paper variant="outlined">
        <Box
          role="toolbar"
          aria-label={texts.toolbar}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.5,
            p: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {tools.map((tool) => (
            <ToggleButton
              key={tool.key}
              value={tool.key}
              size="small"
              selected={tool.active}
              aria-label={tool.label}
              title={tool.label}
              onChange={tool.run}
              sx={{ minWidth: 40 }}
            >
              {tool.icon}
            </ToggleButton>
          ))}
          <ToggleButton
            value="link"
            size="small"
            selected={state.link}
            aria-label={texts.link}
            title={texts.link}
            onChange={(event) => {
              setHref(state.href);
              setLinkAnchor(event.currentTarget);
            }}
          >
            <InsertLink />
          </ToggleButton>
          <ToggleButton
            value="unlink"
            size="small"
            disabled={!state.link}
            aria-label={texts.unlink}
            title={texts.unlink}
            onChange={() => chain().extendMarkRange('link').unsetLink().run()}
          >
            <LinkOff />
          </ToggleButton>
        </Box>
        <Box
          sx={{
            px: 2,
            py: 1,
            '& .rich-text-editor-content': { minHeight: 160, outline: 'none' },
            '& .rich-text-editor-content:focus-visible': { outline: 'none' },
            '&:focus-within': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
            '& h2': { fontSize: '1.4rem', my: 1 },
            '& h3': { fontSize: '1.15rem', my: 1 },
            '& p': { my: 0.75 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Paper>
      {helperText ? <FormHelperText>{helperText}</FormHelperText> : null}
      <Popover
        open={linkAnchor !== null}
        anchorEl={linkAnchor}
        onClose={() => setLinkAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box
          component="form"
          sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center' }}
          onSubmit={(event) => {
            event.preventDefault();
            const address = href.trim();
            if (address === '') chain().extendMarkRange('link').unsetLink().run();
            else chain().extendMarkRange('link').setLink({ href: address }).run();
            setLinkAnchor(null);
          }}
        >
          <TextField
            size="small"
            autoFocus
            label={texts.linkAddress}
            value={href}
            onChange={(event) => setHref(event.target.value)}
            sx={{ width: 280 }}
          />
          <Button type="submit" variant="contained">
            {texts.apply}
          </Button>
        </Box>
      </Popover>
    </Box>
  );
}
