/** Identity errors, shown above the form (spec section 8). */
export function AuthErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error alert-soft mb-4 text-sm">
      <span>{message}</span>
    </div>
  );
}
