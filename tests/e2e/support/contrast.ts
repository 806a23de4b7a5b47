import type { Locator } from '@playwright/test';

type Rgba = [number, number, number, number];

/**
 * WCAG contrast ratio between an element's drawing colour (its `color`, which SVG icons draw with
 * through currentColor) and the first opaque background behind it. Colours are turned into sRGB
 * by the browser itself (a 1×1 canvas), since Tailwind's are written in oklch.
 */
export async function contrastWithBackground(element: Locator): Promise<number> {
  const [foreground, background] = await element.evaluate((node): [Rgba, Rgba] => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const toRgba = (css: string): Rgba => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data) as Rgba;
    };
    let behind: Rgba = [255, 255, 255, 255];
    for (let current: Element | null = node; current; current = current.parentElement) {
      const candidate = toRgba(getComputedStyle(current).backgroundColor);
      if (candidate[3] === 255) {
        behind = candidate;
        break;
      }
    }
    return [toRgba(getComputedStyle(node).color), behind];
  });
  if (foreground[3] !== 255) throw new Error(`translucent colour ${foreground.join(',')}: the contrast depends on what is behind it`);
  return contrastRatio(foreground, background);
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
