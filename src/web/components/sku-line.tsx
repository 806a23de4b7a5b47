/**
 * A tool's part number under its name, small and muted: "SKU TM-DMM-6000". Nothing for a line
 * ordered before tools had SKUs (null), so old orders look as they did. The same grey as the tool
 * card's SKU, which keeps 4.5:1 contrast on the page's background.
 */
export function SkuLine({ sku, testId }: { sku: string | null; testId?: string }) {
  if (!sku) return null;
  return (
    <p className="text-xs text-base-content/80" data-testid={testId}>
      {`SKU ${sku}`}
    </p>
  );
}
