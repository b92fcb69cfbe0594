/**
 * partOnDemand and retryable, rendered by React's own server renderer inside a Suspense boundary (whose fallback, which
 * they never need, would show if they suspended; effects do not run, so a part's code is asked for here with `preload`).
 */
import { Suspense, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { partOnDemand } from './partOnDemand.js';
import { retryable } from './retryable.js';

const Greeting = ({ name }: { name: string }) => createElement('p', null, `Hej ${name}`);
const inSuspense = (element: ReturnType<typeof createElement>) => renderToString(createElement(Suspense, { fallback: createElement('i', null, 'venter') }, element));

describe('partOnDemand', () => {
  it('renders its own fallback, without suspending, while its code is on the way', () => {
    const Part = partOnDemand(() => new Promise<{ default: typeof Greeting }>(() => undefined), createElement('em', null, 'henter'));
    const html = inSuspense(createElement(Part, { name: 'Ida' }));
    expect(html).toContain('henter');
    expect(html).not.toContain('venter');
  });

  it('renders the part once its code is in', async () => {
    const Part = partOnDemand(() => Promise.resolve({ default: Greeting }));
    expect(Part.isLoaded()).toBe(false);
    const waiting = inSuspense(createElement(Part, { name: 'Ida' }));
    expect(waiting).not.toContain('Hej');
    expect(waiting).not.toContain('venter');
    await Part.preload();
    expect(Part.isLoaded()).toBe(true);
    expect(inSuspense(createElement(Part, { name: 'Ida' }))).toContain('Hej Ida');
  });

  it('asks again after a failed download', async () => {
    let attempts = 0;
    const Part = partOnDemand<{ name: string }>(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return { default: Greeting };
    });
    await expect(Part.preload()).rejects.toThrow('offline');
    expect(Part.isLoaded()).toBe(false);
    await Part.preload();
    expect(attempts).toBe(2);
    expect(inSuspense(createElement(Part, { name: 'Bo' }))).toContain('Hej Bo');
  });
});

describe('retryable', () => {
  const look = { fallback: createElement('em', null, 'henter'), renderError: (error: Error) => createElement('strong', null, error.message) };

  it('shows the fallback of its look, without suspending, while its code is on the way; then the part', async () => {
    let arrive: (module: { default: typeof Greeting }) => void = () => undefined;
    const Part = retryable(() => new Promise<{ default: typeof Greeting }>((resolve) => (arrive = resolve)), look);
    const arrived = Part.preload();
    const html = inSuspense(createElement(Part, { name: 'Bo' }));
    expect(html).toContain('henter');
    expect(html).not.toContain('venter');
    arrive({ default: Greeting });
    await arrived;
    expect(inSuspense(createElement(Part, { name: 'Bo' }))).toContain('Hej Bo');
  });

  it('asks for its code again after a failed download', async () => {
    let attempts = 0;
    const Part = retryable<{ name: string }>(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return { default: Greeting };
    }, look);
    await expect(Part.preload()).rejects.toThrow('offline');
    await Part.preload();
    expect(attempts).toBe(2);
    expect(inSuspense(createElement(Part, { name: 'Bo' }))).toContain('Hej Bo');
  });
});
