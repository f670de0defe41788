import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import type { AdminT } from '../../admin-i18n';
import { RichTextEditor, type RichTextEditorTexts } from './rich-text-editor';

export type TranslationDrafts = Record<Language, { title: string; description: string }>;

export function emptyDrafts(): TranslationDrafts {
  return {
    hu: { title: '', description: '' },
    en: { title: '', description: '' },
    vi: { title: '', description: '' },
    zh: { title: '', description: '' },
  };
}

/** The drafts as the API wants them: languages with a title (hu is required by the server). */
export function draftsToTranslations(drafts: TranslationDrafts) {
  const out: Partial<Record<Language, { title: string; description: string }>> = {};
  for (const language of LANGUAGES) {
    const draft = drafts[language];
    if (draft.title.trim() !== '')
      out[language] = { title: draft.title.trim(), description: draft.description };
  }
  return out;
}

/** The editor's toolbar texts from a section namespace that has the `editor.*` keys. */
export function editorTexts(t: AdminT): RichTextEditorTexts {
  return {
    bold: t('editor.bold'),
    italic: t('editor.italic'),
    heading2: t('editor.heading2'),
    heading3: t('editor.heading3'),
    bulletList: t('editor.bulletList'),
    orderedList: t('editor.orderedList'),
    link: t('editor.link'),
    unlink: t('editor.unlink'),
    linkAddress: t('editor.linkAddress'),
    apply: t('editor.apply'),
    toolbar: t('editor.toolbar'),
  };
}

/**
 * Title and rich-text description per language, one tab each (Hungarian first and required).
 * Needs the `editor.*`, `languages.*`, `fields.title`, `fields.description`, `fields.languageTabs`
 * and `fields.huRequired` keys in the section's namespace.
 */
export function TranslationsEditor({
  t,
  drafts,
  onChange,
  titleError,
}: {
  t: AdminT;
  drafts: TranslationDrafts;
  onChange: (drafts: TranslationDrafts) => void;
  titleError?: boolean;
}) {
  const [language, setLanguage] = useState<Language>('hu');
  const draft = drafts[language];
  const set = (changes: Partial<{ title: string; description: string }>) =>
    onChange({ ...drafts, [language]: { ...draft, ...changes } });
  return (
    <Box>
      <Tabs
        value={language}
        onChange={(_event, value: Language) => setLanguage(value)}
        aria-label={t('fields.languageTabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {LANGUAGES.map((lang) => (
          <Tab
            key={lang}
            value={lang}
            label={`${t(`languages.${lang}`)}${drafts[lang].title.trim() ? '' : ' ·'}`}
          />
        ))}
      </Tabs>
      <Box key={language} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          label={t('fields.title')}
          value={draft.title}
          onChange={(event) => set({ title: event.target.value })}
          required={language === 'hu'}
          error={language === 'hu' && titleError === true}
          helperText={language === 'hu' ? t('fields.huRequired') : t('fields.optionalLanguage')}
          slotProps={{ htmlInput: { maxLength: 255 } }}
          fullWidth
        />
        <RichTextEditor
          label={t('fields.description')}
          value={draft.description}
          onChange={(description) => set({ description })}
          texts={editorTexts(t)}
        />
      </Box>
    </Box>
  );
}
