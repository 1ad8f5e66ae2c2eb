/**
 * QR codes as SVG, made in the browser by `qrcode` (no server round trip). The
 * library is imported on first use, so it is never in the first screen's JS.
 */
import { useEffect, useState } from 'react';

export const QR_OPTIONS = { type: 'svg', margin: 1, errorCorrectionLevel: 'M' } as const;

/** The SVG markup of a QR code holding `text`. */
export async function qrSvg(text: string): Promise<string> {
  const mod = await import('qrcode');
  // qrcode is CommonJS: its functions are on the default export when bundled.
  const qr = 'default' in mod && mod.default ? mod.default : mod;
  return qr.toString(text, QR_OPTIONS);
}

/**
 * The SVG of each text's QR code, by text; null until all are made (the page offers Print only
 * then, so no label goes to paper without its code). A text too long for a code gets ''.
 */
export function useQrSvgs(texts: readonly string[]): ReadonlyMap<string, string> | null {
  const key = JSON.stringify([...new Set(texts)].sort());
  const [made, setMade] = useState<{ key: string; svgs: ReadonlyMap<string, string> } | null>(null);
  useEffect(() => {
    let live = true;
    const unique = JSON.parse(key) as string[];
    void Promise.all(unique.map(async (text) => [text, await qrSvg(text).catch(() => '')] as const)).then((pairs) => {
      if (live) setMade({ key, svgs: new Map(pairs) });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return made?.key === key ? made.svgs : null;
}
