/**
 * The Fluent theme from a therapist's theme colour (the second entry of `colors`, default #35408e). Fluent
 * needs a 16-step brand ramp; it is derived by mixing the colour towards black and white.
 */
import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import { DEFAULT_THERAPIST_COLORS } from '@klinik/core/rules';

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(from: [number, number, number], to: [number, number, number], amount: number): string {
  const channel = (index: 0 | 1 | 2) => Math.round(from[index] + (to[index] - from[index]) * amount);
  return `#${[channel(0), channel(1), channel(2)].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

const STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

export function brandRamp(hex: string): BrandVariants {
  const base = parseHex(hex) ?? parseHex(DEFAULT_THERAPIST_COLORS[1])!;
  const black: [number, number, number] = [8, 8, 16];
  const white: [number, number, number] = [255, 255, 255];
  const ramp = {} as Record<(typeof STEPS)[number], string>;
  for (const step of STEPS) {
    ramp[step] = step <= 80 ? mix(black, base, (step - 10) / 70 * 0.9 + 0.1) : mix(base, white, ((step - 80) / 80) * 0.85);
  }
  return ramp;
}

/** The theme of a theme colour (a therapist's `colors[1]`; the default without one). */
export function themeFor(colour: string | undefined): Theme {
  return createLightTheme(brandRamp(colour ?? DEFAULT_THERAPIST_COLORS[1]));
}
