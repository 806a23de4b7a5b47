/** A form's refusal from the server, read out when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="alert alert-error alert-soft text-sm">
      {message}
    </p>
  );
}
