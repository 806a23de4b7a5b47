/** Declared with the route table; accounts and buying arrive in the next issues. */
export default function Page() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Purchase</h1>
      <p className="mt-4 text-base-content/80">Buying opens soon. Meanwhile, browse our tools or contact us.</p>
    </section>
  );
}
