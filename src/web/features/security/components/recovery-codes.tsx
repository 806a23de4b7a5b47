/** Recovery codes, each usable once in place of the app: shown once, to be kept somewhere safe. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">Recovery codes</h4>
      <p className="text-sm text-base-content/80">
        Keep these somewhere safe (a password manager, or on paper). Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-base-200 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}
