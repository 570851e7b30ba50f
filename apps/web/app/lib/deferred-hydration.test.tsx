import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrateInOwnTask, runInitialHydration } from './deferred-hydration';

const card = (
  <HydrateInOwnTask>
    <p>Reelsmith</p>
  </HydrateInOwnTask>
);

describe('HydrateInOwnTask', () => {
  it('renders its children at once outside the first hydration (the server, later renders)', () => {
    expect(renderToString(card)).toBe('<div class="contents"><p>Reelsmith</p></div>');
  });

  it('during the first hydration renders only its wrapper, so the server HTML inside is kept', () => {
    let html = '';
    runInitialHydration(() => {
      html = renderToString(card);
    });
    expect(html).toBe('<div class="contents"></div>');
    // The flag is scoped to the call: what renders afterwards gets its children again.
    expect(renderToString(card)).toBe('<div class="contents"><p>Reelsmith</p></div>');
  });

  it('takes another class when the wrapper must be a box (a margin from a space-y parent)', () => {
    const boxed = (
      <HydrateInOwnTask className="min-w-0">
        <p>Gallery</p>
      </HydrateInOwnTask>
    );
    expect(renderToString(boxed)).toBe('<div class="min-w-0"><p>Gallery</p></div>');
  });

  it('resets the flag when the hydration throws (React Router suspends its first render)', () => {
    const suspended = Promise.resolve();
    expect(() =>
      runInitialHydration(() => {
        throw suspended;
      }),
    ).toThrow();
    expect(renderToString(card)).toContain('Reelsmith');
  });
});
