import type { ToolSpec } from '../../../../../shared/schemas/catalogue';

/** The specifications table: name, value and unit, in the order the owner gave them. */
export function ToolSpecs({ specs }: { specs: readonly ToolSpec[] }) {
  if (specs.length === 0) return null;
  return (
    <section aria-labelledby="tool-specs-title" className="mt-12">
      <h2 id="tool-specs-title" className="text-2xl font-bold">Specifications</h2>
      <div className="mt-4 overflow-x-auto rounded-box border border-base-300">
        <table className="table" data-testid="tool-specs">
          <thead>
            <tr>
              <th scope="col">Specification</th>
              <th scope="col">Value</th>
              <th scope="col">Unit</th>
            </tr>
          </thead>
          <tbody>
            {specs.map((spec, i) => (
              <tr key={`${i}:${spec.name}`}>
                <th scope="row" className="font-medium">{spec.name}</th>
                <td>{spec.value}</td>
                <td>{spec.unit ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
