import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { TOASTS } from '../../../shared/messages';
import { profileFormSchema, type ProfileForm } from '../../../shared/schemas/accounts';
import { TextField } from '../../components/form-field';
import { Loading } from '../../components/loading';
import { useSession } from '../../lib/session-query';
import { notify } from '../../lib/toast';
import { useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { DataRightsSection } from './components/data-rights-section';
import { applyServerFieldErrors } from '../../lib/server-field-errors';

const PROFILE_FIELDS = ['userName', 'address', 'phone', 'companyName', 'taxId'] as const;

export default function MyProfilePage() {
  const { data } = useSession();
  const email = data?.user.email ?? '';
  const profile = useProfile(email);
  const update = useUpdateProfile(email);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({ resolver: zodResolver(profileFormSchema), defaultValues: { userName: '', address: '', phone: '', companyName: '', taxId: '' } });

  useEffect(() => {
    if (!profile.data) return;
    const { userName, address, phone, companyName, taxId } = profile.data;
    reset({ userName, address, phone, companyName: companyName ?? '', taxId: taxId ?? '' });
  }, [profile.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(profileFormSchema.parse(values));
      notify.success(TOASTS.profileUpdated);
    } catch (error) {
      // A field the server refused (a VAT number of the wrong format) is said under that field.
      if (applyServerFieldErrors(error, PROFILE_FIELDS, setError)) notify.failure(error);
      else notify.error(TOASTS.tryAgain);
    }
  });

  return (
    <section aria-labelledby="profile-title" className="max-w-2xl">
      <h2 id="profile-title" className="text-3xl font-bold">My Profile</h2>
      {profile.isPending ? (
        <Loading label="Loading your profile" />
      ) : (
        <form onSubmit={onSubmit} noValidate className="card mt-6 space-y-4 bg-base-100 p-6 shadow-sm ring-1 ring-base-300" aria-label="Profile form">
          <div className="flex items-center gap-4">
            <img src={profile.data?.photoURL || '/images/avatar-default.svg'} alt="" width="64" height="64" className="h-16 w-16 rounded-full" referrerPolicy="no-referrer" />
            <div className="min-w-0">
              <p className="font-semibold">{profile.data?.userName}</p>
              {/* The email and the role, not the role alone: the first admin is named "Administrator". */}
              <p className="text-sm break-all text-base-content/80">
                {email} · {profile.data?.role === 'admin' ? 'Admin account' : 'Customer account'}
              </p>
            </div>
          </div>
          <TextField label="User name" autoComplete="name" registration={register('userName')} error={errors.userName} />
          <div className="form-control w-full">
            <label htmlFor="profile-email" className="mb-1 block text-sm font-medium">Email</label>
            <input id="profile-email" className="input w-full" value={email} readOnly aria-readonly="true" />
          </div>
          <TextField label="Address" autoComplete="street-address" registration={register('address')} error={errors.address} />
          <TextField label="Phone" type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
          <fieldset className="space-y-4">
            <legend className="text-sm font-semibold">Buying for a business? (optional)</legend>
            <p className="text-sm text-base-content/80">
              Printed on the invoices of orders you pay from now on. With an EU VAT number (such as DE123456789), orders delivered to another EU
              country than the store’s are placed under reverse charge, without VAT.
            </p>
            <TextField label="Company name" autoComplete="organization" registration={register('companyName')} error={errors.companyName} />
            <TextField label="Tax ID (VAT number, EIN or similar)" registration={register('taxId')} error={errors.taxId} />
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            Update Profile
          </button>
        </form>
      )}
      {profile.isPending ? null : <DataRightsSection />}
    </section>
  );
}
