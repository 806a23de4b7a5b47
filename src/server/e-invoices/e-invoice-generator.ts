import type { EInvoiceFormat, FormatFactoryService, Invoice, InvoiceServiceOptions, ValidationService } from '@e-invoice-eu/core';
import type { ValidateFunction } from 'ajv';

/**
 * Runs @e-invoice-eu/core as its InvoiceService.generate does (copy the input, check it against the
 * library's JSON schema of the EN 16931 data as the format patches it, fill the format's defaults,
 * write the document), except that the schema is compiled once per format, not on every call.
 * The library's own generate() compiles it with Ajv each time: about 100 ms of CPU per document,
 * 60 % of an e-invoice's cost and 70 % of a Factur-X PDF's (a --cpu-prof of 30 documents,
 * 2026-12-06), which let an account's allowance of downloads hold the server's one thread for long.
 * The Ajv options are the library's. Reported upstream as worth doing there.
 */

/** The library logs its warnings; the server's own log is not at hand here, and a refusal throws anyway. */
const quiet = { log: () => {}, warn: () => {}, error: () => {} };

interface Library {
  formats: FormatFactoryService;
  validation: ValidationService;
  validatorFor(format: string, formatter: EInvoiceFormat): ValidateFunction<Invoice>;
}

async function loadLibrary(): Promise<Library> {
  // By name, not as ESM: the package's ESM build imports 'ajv/dist/2019' without an extension,
  // which plain Node refuses; its CommonJS `main` loads (decision 049).
  const [{ FormatFactoryService: Formats, ValidationService: Validation, invoiceSchema }, { default: Ajv2019 }] = await Promise.all([
    import('@e-invoice-eu/core'),
    import('ajv/dist/2019.js'),
  ]);
  const validators = new Map<string, ValidateFunction<Invoice>>();
  return {
    formats: new Formats(),
    validation: new Validation(quiet),
    validatorFor(format, formatter) {
      let validator = validators.get(format);
      if (!validator) {
        const schema = structuredClone(invoiceSchema);
        formatter.patchSchema(schema);
        validator = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile<Invoice>(schema);
        validators.set(format, validator);
      }
      return validator;
    },
  };
}

/**
 * Loaded on the first e-invoice asked for, not at start: the library brings a spreadsheet reader
 * and a PDF library with it (about a second of CPU to load), which the server's start need not wait for.
 */
let library: Promise<Library> | null = null;
const theLibrary = () =>
  (library ??= loadLibrary().catch((error: unknown) => {
    library = null; // the next request tries again
    throw error;
  }));

/** The document in `options.format` ('UBL', 'CII', 'Factur-X-EN16931' with `options.pdf`), or the library's refusal. */
export async function generateEInvoice(input: Invoice, options: Omit<InvoiceServiceOptions, 'lang' | 'noWarnings'>): Promise<string | Uint8Array> {
  const { formats, validation, validatorFor } = await theLibrary();
  const formatter = formats.createFormatService(options.format, quiet);
  const format = formats.normalizeFormat(options.format);
  const invoice = validation.validate('invoice data', validatorFor(format, formatter), structuredClone(input));
  formatter.fillInvoiceDefaults(invoice);
  if (formatter.syntax === 'CII') addPrecedingInvoiceReference(formatter, invoice);
  return formatter.generate(invoice, { ...options, format, lang: 'en-us', noWarnings: true });
}

type XmlTree = Record<string, unknown>;
interface UblBillingReference {
  'cac:InvoiceDocumentReference'?: { 'cbc:ID'?: string; 'cbc:IssueDate'?: string };
}

/**
 * BT-25/BT-26, the invoice a credit note corrects, in CII. The library's CII mapping (2.3.4, the
 * newest) reads them from `cac:BillingReference/cbc:ID`, where its own schema and UBL have
 * `cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`, so they never reach the CII (nor the
 * Factur-X PDF it goes into). They are added in the formatter's own last step before the XML is
 * written (its `postProcess`, called for plain CII and for Factur-X alike), where CII D16B puts
 * them: `ram:InvoiceReferencedDocument`, last in the settlement after the monetary summation
 * (the store writes neither element the schema allows after it), the date as `qdt` format 102.
 * The EN 16931 profile of CII allows one (the store's credit notes correct one invoice each). Left
 * alone if the library wrote one itself, so a fixed library is not doubled.
 */
function addPrecedingInvoiceReference(formatter: EInvoiceFormat, invoice: Invoice) {
  const references = (invoice as unknown as { 'ubl:Invoice': { 'cac:BillingReference'?: UblBillingReference[] } })['ubl:Invoice']['cac:BillingReference'];
  const corrected = references?.[0]?.['cac:InvoiceDocumentReference'];
  if (corrected?.['cbc:ID'] === undefined) return;
  const target = formatter as unknown as { postProcess(cii: XmlTree): void };
  const libraryPostProcess = target.postProcess.bind(formatter);
  target.postProcess = (cii) => {
    libraryPostProcess(cii);
    const transaction = (cii['rsm:CrossIndustryInvoice'] as XmlTree)['rsm:SupplyChainTradeTransaction'] as XmlTree;
    const settlement = transaction['ram:ApplicableHeaderTradeSettlement'] as XmlTree;
    if (settlement['ram:InvoiceReferencedDocument'] !== undefined) return;
    const issued = corrected['cbc:IssueDate'];
    settlement['ram:InvoiceReferencedDocument'] = {
      'ram:IssuerAssignedID': corrected['cbc:ID'],
      ...(issued ? { 'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': issued.replaceAll('-', ''), 'qdt:DateTimeString@format': '102' } } : {}),
    };
  };
}
