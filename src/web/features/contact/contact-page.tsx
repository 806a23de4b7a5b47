import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { COMPANY, contactQuerySchema, TOASTS, type ContactQuery, type ContactQueryInput } from '../../../shared';
import { TextAreaField, TextField } from '../../components/form-field';
import { notify } from '../../lib/toast';
import { useSendQuery } from './api/send-query';
import { SubmitButton } from '../../components/submit-button';
import { CONTACT_US_HEAD } from '../../../shared/page-heads';
import { useDocumentHead } from '../../lib/document-head';

const emptyForm: ContactQueryInput = { name: '', email: '', number: '', message: '' };

export default function ContactPage() {
  useDocumentHead(CONTACT_US_HEAD);
  const sendQuery = useSendQuery();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactQueryInput, unknown, ContactQuery>({
    resolver: zodResolver(contactQuerySchema),
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit(async (query) => {
    try {
      await sendQuery.mutateAsync(query);
      notify.success(TOASTS.contactSent);
      reset(emptyForm);
    } catch (error) {
      notify.failure(error);
    }
  });

  return (
    <section className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2">
      <div>
        <h1 className="text-4xl font-bold">Contact Us</h1>
        <p className="mt-4 text-lg text-base-content/80">
          Questions about a tool, a bulk order or delivery? Send us a message and our team answers within one
          business day.
        </p>
        <address className="mt-8 space-y-2 not-italic">
          <p>{COMPANY.address}</p>
          <p>
            Phone: <a className="link" href={`tel:${COMPANY.phone.replace(/[^+\d]/g, '')}`}>{COMPANY.phone}</a>
          </p>
          <p>
            Email: <a className="link" href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          </p>
        </address>
      </div>
      <form onSubmit={onSubmit} noValidate className="card space-y-4 bg-base-200 p-6 shadow-sm" aria-label="Contact form">
        <TextField label="Name" autoComplete="name" registration={register('name')} error={errors.name} />
        <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
        <TextField label="Phone" type="tel" autoComplete="tel" registration={register('number')} error={errors.number} />
        <TextAreaField label="Message" rows={5} registration={register('message')} error={errors.message} />
        <SubmitButton busy={sendQuery.isPending}>Sent</SubmitButton>
      </form>
    </section>
  );
}
