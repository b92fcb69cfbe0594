/** preloadableLazy, rendered by React's own server renderer (a Suspense boundary shows its fallback while it waits). */
import { Suspense, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { preloadableLazy } from './preloadableLazy.js';

const Greeting = ({ name }: { name: string }) => createElement('p', null, `Hej ${name}`);
const inSuspense = (element: ReturnType<typeof createElement>) => renderToString(createElement(Suspense, { fallback: createElement('i', null, 'venter') }, element));

it('suspends while its code is on the way, like React.lazy', () => {
  const Part = preloadableLazy(() => new Promise<{ default: typeof Greeting }>(() => undefined));
  expect(inSuspense(createElement(Part, { name: 'Ida' }))).toContain('venter');
});

it('renders at once, without suspending, once preloaded', async () => {
  const Part = preloadableLazy(() => Promise.resolve({ default: Greeting }));
  expect(Part.isLoaded()).toBe(false);
  await Part.preload();
  expect(Part.isLoaded()).toBe(true);
  const html = inSuspense(createElement(Part, { name: 'Ida' }));
  expect(html).toContain('Hej Ida');
  expect(html).not.toContain('venter');
});

it('asks again after a failed download', async () => {
  let attempts = 0;
  const Part = preloadableLazy<{ name: string }>(async () => {
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
