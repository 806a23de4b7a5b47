import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ToolDocument } from '../../../../../shared/schemas/catalogue';
import { CATALOGUE_LIMITS, documentPatchSchema, documentUploadQuerySchema } from '../../../../../shared/schemas/catalogue-structure';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { TextField } from '../../../../components/form-field';
import { ApiRequestError } from '../../../../lib/api-client';
import { failureMessage } from '../../../../lib/request-failure';
import { useDeleteDocument } from '../api/delete-document';
import { useToolDetail } from '../api/get-tool-detail';
import { useRenameDocument } from '../api/rename-document';
import { checkDocumentFile, useUploadDocument } from '../api/upload-document';
import { DOCUMENT_TEXTS, formatFileSize } from '../catalogue-admin-texts';
import { applyServerFieldErrors } from '../../../../lib/server-field-errors';
import { SubmitButton } from '../../../../components/submit-button';

type DocumentName = z.input<typeof documentPatchSchema>;
type Notice = { kind: 'done' | 'failed'; text: string } | null;

/**
 * A tool's PDF documents in the edit dialog: listed with their size, uploaded with a name, renamed
 * and deleted. Each is a call of its own, done at once (not part of Save changes), and said here
 * (a toast would sit below the dialog).
 */
export function DocumentsSection({ toolId }: { toolId: string }) {
  const headingId = useId();
  const detail = useToolDetail(toolId);
  const documents = detail.data?.documents ?? [];
  const [notice, setNotice] = useState<Notice>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ToolDocument | null>(null);
  const deleteDocument = useDeleteDocument();
  const list = useRef<HTMLUListElement>(null);

  const focusRenameOf = (documentId: string) =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>(`[data-rename="${documentId}"]`)?.focus());

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteDocument.mutateAsync({ toolId, documentId: toDelete._id });
      setNotice({ kind: 'done', text: DOCUMENT_TEXTS.deleted(toDelete.name) });
    } catch (error) {
      setNotice({ kind: 'failed', text: failureMessage(error) });
    } finally {
      setToDelete(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-base-300 pt-4">
      <h3 id={headingId} className="font-semibold">
        Documents
      </h3>
      <p className="text-sm text-base-content/80">
        {`PDF datasheets, manuals and safety sheets, at most ${formatFileSize(CATALOGUE_LIMITS.documentBytesMax)} each. They are saved at once, apart from Save changes.`}
      </p>
      {documents.length === 0 ? <p className="text-sm">{DOCUMENT_TEXTS.none}</p> : null}
      {documents.length > 0 ? (
        <ul ref={list} className="space-y-2">
          {documents.map((doc) => (
            <li key={doc._id} className="rounded-box p-3 ring-1 ring-base-300">
              {renaming === doc._id ? (
                <RenameDocumentForm
                  toolId={toolId}
                  doc={doc}
                  onDone={(renamedTo) => {
                    setRenaming(null);
                    if (renamedTo) setNotice({ kind: 'done', text: DOCUMENT_TEXTS.renamed(renamedTo) });
                    focusRenameOf(doc._id);
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 wrap-break-word">
                    <a href={doc.url} className="link font-medium" download>
                      {doc.name}
                    </a>{' '}
                    <span className="text-sm text-base-content/80">{`PDF, ${formatFileSize(doc.size)}`}</span>
                  </span>
                  <span className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-xs btn-outline"
                      data-rename={doc._id}
                      aria-label={`Rename ${doc.name}`}
                      onClick={() => setRenaming(doc._id)}
                    >
                      Rename
                    </button>
                    <button type="button" className="btn btn-xs btn-outline btn-error" aria-label={`Delete ${doc.name}`} onClick={() => setToDelete(doc)}>
                      Delete
                    </button>
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {documents.length >= CATALOGUE_LIMITS.documentsMax ? (
        <p className="text-sm">{DOCUMENT_TEXTS.full(CATALOGUE_LIMITS.documentsMax)}</p>
      ) : (
        <UploadDocumentForm toolId={toolId} onNotice={setNotice} />
      )}
      {/* Both regions are always there, so what lands in them is read out. */}
      <p role="status" className="text-sm">
        {notice?.kind === 'done' ? notice.text : ''}
      </p>
      <p role="alert" className="text-sm text-error">
        {notice?.kind === 'failed' ? notice.text : ''}
      </p>
      <ConfirmModal
        open={toDelete !== null}
        message={DOCUMENT_TEXTS.confirmDelete(toDelete?.name ?? '')}
        busy={deleteDocument.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

interface RenameDocumentFormProps {
  toolId: string;
  doc: ToolDocument;
  /** The new name when renamed; null when cancelled. */
  onDone: (renamedTo: string | null) => void;
}

function RenameDocumentForm({ toolId, doc, onDone }: RenameDocumentFormProps) {
  const rename = useRenameDocument();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<DocumentName, unknown, z.output<typeof documentPatchSchema>>({
    resolver: zodResolver(documentPatchSchema),
    defaultValues: { name: doc.name },
  });

  const onSubmit = form.handleSubmit(async ({ name }) => {
    if (name === doc.name) {
      onDone(null);
      return;
    }
    try {
      await rename.mutateAsync({ toolId, documentId: doc._id, name });
      onDone(name);
    } catch (error) {
      if (!applyServerFieldErrors(error, ['name'], form.setError)) setProblem(failureMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label={`Rename ${doc.name}`}>
      <TextField
        label={`New name for ${doc.name}`}
        autoComplete="off"
        autoFocus
        maxLength={CATALOGUE_LIMITS.documentNameMax}
        registration={form.register('name')}
        error={form.formState.errors.name}
      />
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={rename.isPending} aria-busy={rename.isPending || undefined}>
          Save name
        </button>
        <button type="button" className="btn btn-sm" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface UploadDocumentFormProps {
  toolId: string;
  onNotice: (notice: Notice) => void;
}

function UploadDocumentForm({ toolId, onNotice }: UploadDocumentFormProps) {
  const fileId = useId();
  const fileErrorId = `${fileId}-error`;
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // A new key empties the file input after an upload.
  const [fileKey, setFileKey] = useState(0);
  const form = useForm<z.input<typeof documentUploadQuerySchema>, unknown, z.output<typeof documentUploadQuerySchema>>({
    resolver: zodResolver(documentUploadQuerySchema),
    defaultValues: { name: '' },
  });

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0] ?? null;
    setFile(chosen);
    setFileError(chosen ? checkDocumentFile(chosen) : null);
  };

  const onSubmit = form.handleSubmit(async ({ name }) => {
    const problem = file ? checkDocumentFile(file) : DOCUMENT_TEXTS.fileRequired;
    setFileError(problem);
    if (!file || problem) {
      document.getElementById(fileId)?.focus();
      return;
    }
    try {
      await upload.mutateAsync({ toolId, name, file });
      onNotice({ kind: 'done', text: DOCUMENT_TEXTS.uploaded(name) });
      form.reset();
      setFile(null);
      setFileKey((key) => key + 1);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.errors?.some((issue) => issue.field === 'file')) {
        setFileError(error.message);
        return;
      }
      if (!applyServerFieldErrors(error, ['name'], form.setError)) onNotice({ kind: 'failed', text: failureMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a document" className="space-y-3 rounded-box bg-base-200 p-3">
      <TextField
        label="Document name (Datasheet, Manual…)"
        autoComplete="off"
        maxLength={CATALOGUE_LIMITS.documentNameMax}
        registration={form.register('name')}
        error={form.formState.errors.name}
      />
      <div className="form-control w-full">
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
          {`PDF file (at most ${formatFileSize(CATALOGUE_LIMITS.documentBytesMax)})`}
        </label>
        <input
          key={fileKey}
          id={fileId}
          type="file"
          accept="application/pdf,.pdf"
          className={`file-input w-full ${fileError ? 'file-input-error' : ''}`}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? fileErrorId : undefined}
          onChange={onFileChosen}
        />
        {fileError ? (
          <p id={fileErrorId} role="alert" className="mt-1 text-sm text-error">
            {fileError}
          </p>
        ) : null}
      </div>
      <SubmitButton busy={upload.isPending} tone="neutral" outline size="sm" width="auto">
        Upload document
      </SubmitButton>
    </form>
  );
}
