import { renderSVG } from 'uqr';

/**
 * The set-up key as a QR code for an authenticator app to scan: the `otpauth://` link drawn here
 * in the browser (uqr, no outside service ever sees the key), as an image with a text
 * alternative. The key itself is written beside it for those who cannot scan. Loaded only by the
 * set-up screen (two-factor-page.tsx imports it lazily).
 */
export default function SetupQrCode({ totpURI }: { totpURI: string }) {
  // Dark on light with a quiet zone of four modules, as scanners expect whatever the page's theme.
  const svg = renderSVG(totpURI, { border: 4, pixelSize: 8, whiteColor: '#ffffff', blackColor: '#000000' });
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code of the setup key, for your authenticator app to scan"
      width="200"
      height="200"
      className="h-50 w-50 shrink-0 rounded bg-white"
      data-testid="totp-qr-code"
    />
  );
}
