import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import type { AdminT } from '../../admin-i18n';
import type { FieldErrors } from '../../components/field-errors';
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

/** The drafts of a record's texts as the server sends them. */
export function draftsOf(
  translations: Partial<Record<Language, { title: string; description: string }>>,
): TranslationDrafts {
  const drafts = emptyDrafts();
  for (const language of LANGUAGES) {
    const text = translations[language];
    if (text) drafts[language] = { ...text };
  }
  return drafts;
}

/** The section's texts for the translation rules' message keys. */
export function translationMessages(t: AdminT): Record<string, string> {
  return { hu_required: t('fields.huRequired') };
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
  errors,
}: {
  t: AdminT;
  drafts: TranslationDrafts;
  onChange: (drafts: TranslationDrafts) => void;
  /** The form's field errors: `translations.<lang>.title` and `translations.hu` (missing). */
  errors: FieldErrors;
}) {
  const [language, setLanguage] = useState<Language>('hu');
  const draft = drafts[language];
  const titlePath = `translations.${language}.title`;
  const set = (changes: Partial<{ title: string; description: string }>) => {
    errors.clear(titlePath);
    if (language === 'hu') errors.clear('translations.hu');
    onChange({ ...drafts, [language]: { ...draft, ...changes } });
  };
  const titleError =
    errors.message(titlePath) ?? (language === 'hu' ? errors.message('translations.hu') : undefined);
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
          error={titleError !== undefined}
          helperText={
            titleError ?? (language === 'hu' ? t('fields.huRequired') : t('fields.optionalLanguage'))
          }
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
