import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { LEGAL_TEXT_MAX_LENGTH } from '../../../../shared/constants';
import { LEGAL_PAGE_NAMES, LEGAL_PAGES, type LegalPage } from '../../../../shared/legal-pages';
import { legalTextUpdateSchema, type LegalText, type LegalTextUpdate } from '../../../../shared/schemas/legal';
import { TextAreaField } from '../../../components/form-field';
import { Loading } from '../../../components/loading';
import MarkdownText from '../../../components/markdown-text';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { notify } from '../../../lib/toast';
import { useLegalTexts, useSaveLegalText } from '../api/legal-texts';

/**
 * The owner's texts of the legal pages, one at a time, as Markdown with a preview drawn as the
 * public page draws it (no HTML; decision 047). Saving a changed text makes a new version; an
 * order records the version of the terms it was placed under.
 */
export function LegalTextsEditor() {
  const texts = useLegalTexts();
  const [page, setPage] = useState<LegalPage>('terms');
  const current = texts.data?.find((one) => one.page === page);
  return (
    <section aria-labelledby="legal-texts-title" className="card mt-8 bg-base-100 p-4 shadow-sm ring-1 ring-base-300 sm:p-6">
      <h3 id="legal-texts-title" className="text-lg font-semibold">Legal pages</h3>
      <p className="mt-1 text-sm text-base-content/80">
        Written in Markdown (## for a heading, - for a list, [text](https://…) for a link); HTML is shown as text. Each save of a changed text is a new version.
      </p>
      <div role="tablist" aria-label="Legal page" className="tabs-box tabs mt-4 flex-wrap">
        {LEGAL_PAGES.map((one) => (
          <button
            key={one}
            type="button"
            role="tab"
            aria-selected={one === page}
            className={`tab ${one === page ? 'tab-active' : ''}`}
            onClick={() => setPage(one)}
          >
            {LEGAL_PAGE_NAMES[one]}
          </button>
        ))}
      </div>
      {/* Keyed by page and version: another page, or a save, starts the form from what is saved. */}
      {current ? <LegalTextForm key={`${current.page}:${current.version}`} saved={current} /> : <Loading label="Loading the legal pages" />}
    </section>
  );
}

function LegalTextForm({ saved }: { saved: LegalText }) {
  const save = useSaveLegalText();
  const name = LEGAL_PAGE_NAMES[saved.page];
  const form = useForm<LegalTextUpdate>({ resolver: zodResolver(legalTextUpdateSchema), defaultValues: { text: saved.text } });
  const text = useWatch({ control: form.control, name: 'text' });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async ({ text: changed }) => {
    try {
      const now = await save.mutateAsync({ page: saved.page, text: changed });
      notify.success(now.version === saved.version ? `${name}: nothing changed` : `${name} saved as version ${now.version}`);
    } catch (error) {
      applyServerFieldErrors(error, ['text'], form.setError);
      notify.failure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`${name} text`} className="mt-4 space-y-4">
      <p className="text-sm" data-testid="legal-text-version">
        {saved.version === 0
          ? 'No text yet.'
          : `Version ${saved.version}, saved ${new Date(saved.updatedAt!).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC.`}{' '}
        <Link to={paths[saved.page]} target="_blank" rel="noopener noreferrer" className="link">
          Open the page<span className="sr-only"> (opens in a new tab)</span>
        </Link>
      </p>
      <TextAreaField label={`${name} (Markdown)`} rows={16} className="font-mono text-sm" registration={form.register('text')} error={errors.text} />
      <p className="text-sm text-base-content/70">
        {text.length.toLocaleString('en-US')} of {LEGAL_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters
      </p>
      <details className="rounded-box border border-base-300 p-4" data-testid="legal-preview">
        <summary className="cursor-pointer font-medium">Preview</summary>
        <div className="mt-4">
          <MarkdownText text={text} />
        </div>
      </details>
      <SubmitButton busy={save.isPending} disabled={!isDirty}>Save {name}</SubmitButton>
    </form>
  );
}
