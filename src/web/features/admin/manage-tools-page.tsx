/** Declared behind its guard now; the page itself arrives with a later issue. */
export default function Page() {
  return (
    <section>
      <h1 className="text-3xl font-bold">Manage Tools</h1>
      <p className="mt-4 text-base-content/80">Tool management arrives with the back office.</p>
    </section>
  );
}
