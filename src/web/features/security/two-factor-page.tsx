import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../lib/session-query';
import { notify } from '../../lib/toast';
import { useAdminStatus } from '../accounts/api/get-admin-status';
import { useAuthOptions } from '../accounts/api/get-auth-options';
import { useNewRecoveryCodes, useStartEnrolment, useTurnOff, useVerifyCode, type Enrolment } from './api/two-factor';
import { CodeStep } from './components/code-step';
import { PasswordStep } from './components/password-step';
import { RecoveryCodes } from './components/recovery-codes';
import { securityOf } from './session-security';

/** The secret of an `otpauth://` link, in groups of four as people type it into an app. */
function setupKeyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

const card = 'card space-y-4 bg-base-100 p-6 shadow-sm ring-1 ring-base-300';

// The QR code library is fetched only when the set-up screen shows (not with the dashboard).
const SetupQrCode = lazy(() => import('./components/setup-qr-code'));

/**
 * Two-step sign-in (decision 023): after the password, a code from an authenticator app (or a
 * recovery code). Every account may turn it on here; admins must where ADMIN_TWO_FACTOR says so,
 * and the admin pages send them here until they have.
 */
export default function TwoFactorPage() {
  const { data } = useSession();
  const email = data?.user.email;
  const { twoFactorEnabled, sessionShowedCode } = securityOf(data);
  const admin = useAdminStatus(email);
  const options = useAuthOptions();
  const start = useStartEnrolment();
  const confirmFirstCode = useVerifyCode(email, { replacesSession: true });
  const showCode = useVerifyCode(email, { replacesSession: false });
  const turnOff = useTurnOff(email);
  const renewCodes = useNewRecoveryCodes();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const adminMustUseIt = admin.data?.admin === true && options.data?.adminTwoFactor === 'required';

  return (
    <section aria-labelledby="two-factor-title" className="max-w-2xl space-y-6">
      <h2 id="two-factor-title" className="text-3xl font-bold">Two-step sign-in</h2>
      <p className="text-base-content/80">
        After your password, the store asks for a code from an authenticator app on your phone (such as Google Authenticator, Microsoft
        Authenticator or 1Password), so a stolen password alone does not open your account.
      </p>
      {adminMustUseIt && !twoFactorEnabled ? (
        <p role="status" className="alert alert-warning alert-soft text-sm" data-testid="admin-two-factor-required">
          Admins must use two-step sign-in in this store: the admin pages open once it is on.
        </p>
      ) : null}

      {twoFactorEnabled ? (
        <>
          <div className={card}>
            <h3 className="text-xl font-semibold">
              <span className="badge badge-success mr-2">On</span>Two-step sign-in is on
            </h3>
            {sessionShowedCode ? null : (
              <>
                <p role="status" className="alert alert-info alert-soft text-sm">
                  This session was signed in without a code (with Google, say). Enter one to use the pages and changes that need it.
                </p>
                <CodeStep
                  name="Show a code for this session"
                  submitLabel="Confirm"
                  onCode={async (code) => {
                    await showCode.mutateAsync(code);
                    notify.success('Code accepted');
                  }}
                />
              </>
            )}
          </div>
          {sessionShowedCode ? (
            <>
              <div className={card}>
                <h3 className="text-xl font-semibold">New recovery codes</h3>
                <p className="text-sm text-base-content/80">Makes ten new codes; the old ones stop working.</p>
                {freshCodes ? <RecoveryCodes codes={freshCodes} /> : null}
                <PasswordStep
                  name="New recovery codes"
                  submitLabel="Make new recovery codes"
                  onPassword={async (password) => setFreshCodes((await renewCodes.mutateAsync(password)).backupCodes)}
                />
              </div>
              <div className={card}>
                <h3 className="text-xl font-semibold">Turn it off</h3>
                <p className="text-sm text-base-content/80">
                  Your password alone will sign you in again.{adminMustUseIt ? ' As an admin you lose the admin pages until you turn it on again.' : ''}
                </p>
                <PasswordStep
                  name="Turn off two-step sign-in"
                  submitLabel="Turn off two-step sign-in"
                  tone="danger"
                  onPassword={async (password) => {
                    await turnOff.mutateAsync(password);
                    notify.success('Two-step sign-in is off');
                  }}
                />
              </div>
            </>
          ) : null}
        </>
      ) : enrolment ? (
        <div className={card}>
          <h3 className="text-xl font-semibold">2. Add the store to your app</h3>
          <p className="text-sm">
            In your authenticator app, add an account and scan this QR code, or type the setup key beside it (a time-based key), or{' '}
            <a href={enrolment.totpURI} className="link link-primary">open it in the app</a> on this device.
          </p>
          <div className="flex flex-col items-center gap-4 sm:flex-row">
            <Suspense fallback={<div className="h-50 w-50 shrink-0 rounded bg-base-200" aria-hidden="true" />}>
              <SetupQrCode totpURI={enrolment.totpURI} />
            </Suspense>
            <div className="min-w-0 flex-1 space-y-1">
              <p className="text-sm font-medium" id="setup-key-label">Setup key</p>
              <p
                className="rounded bg-base-200 p-3 text-center font-mono text-lg tracking-wider break-all"
                aria-labelledby="setup-key-label"
                data-testid="totp-secret"
              >
                {setupKeyOf(enrolment.totpURI)}
              </p>
            </div>
          </div>
          {enrolment.backupCodes ? (
            <RecoveryCodes codes={enrolment.backupCodes} />
          ) : (
            <p role="status" className="alert alert-info alert-soft text-sm" data-testid="setup-resumed">
              You started this set-up before: this is the same key. Your recovery codes were shown then; if you did not keep them, make new
              ones here once two-step sign-in is on.
            </p>
          )}
          <h3 className="text-xl font-semibold">3. Enter the code the app shows</h3>
          <CodeStep
            name="Confirm two-step sign-in"
            submitLabel="Turn on two-step sign-in"
            onCode={async (code) => {
              await confirmFirstCode.mutateAsync(code);
              setEnrolment(null);
              notify.success('Two-step sign-in is on');
            }}
          />
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Cancel the set-up</summary>
            <p className="my-2 text-base-content/80">Drops this key (remove it from your app too). You can set up again with a new one.</p>
            <PasswordStep
              name="Cancel two-step sign-in set-up"
              submitLabel="Cancel the set-up"
              tone="danger"
              onPassword={async (password) => {
                await turnOff.mutateAsync(password);
                setEnrolment(null);
                notify.success('The set-up is cancelled');
              }}
            />
          </details>
        </div>
      ) : (
        <div className={card}>
          <h3 className="text-xl font-semibold">1. Confirm your password</h3>
          <p className="text-sm text-base-content/80">If you started setting it up before, this brings back the same key, until you finish or cancel.</p>
          <PasswordStep
            name="Start two-step sign-in"
            submitLabel="Set up two-step sign-in"
            onPassword={async (password) => setEnrolment(await start.mutateAsync(password))}
          />
        </div>
      )}
    </section>
  );
}
