// WCAG contrast from what Chromium computes: colours are read from computed styles and turned into sRGB bytes
// by a canvas (Tailwind 4 writes oklch(), which only the browser converts exactly as it paints).
import type { Locator } from "@playwright/test";

export type Rgba = { r: number; g: number; b: number; a: number };

/** WCAG 2 relative luminance of an opaque sRGB colour (bytes 0–255). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (byte: number) => {
    const c = byte / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `top` painted over an opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => Math.round(t * top.a + b * (1 - top.a));
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

export type EdgeColours = { border: Rgba; background: Rgba };

/**
 * The colour of an element's top border and the opaque colour painted behind it: the backgrounds of the element's
 * ancestors (not its own: a border is drawn around the element, against what surrounds it), composited from the
 * first opaque one upwards, over the page's white canvas.
 */
export async function edgeColours(locator: Locator): Promise<EdgeColours> {
  const colours = await locator.evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no 2D canvas");
    const bytes = (css: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return { r, g, b, a: a / 255 };
    };
    const backgrounds = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const colour = bytes(getComputedStyle(node).backgroundColor);
      backgrounds.push(colour);
      if (colour.a === 1) break;
    }
    return { border: bytes(getComputedStyle(element).borderTopColor), backgrounds };
  });
  const white: Rgba = { r: 255, g: 255, b: 255, a: 1 };
  const background = colours.backgrounds.reduceRight<Rgba>((below, layer) => over(layer, below), white);
  return { border: over(colours.border, background), background };
}
