import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { createModuleContext } from './module';

const { ModuleProvider, useModule } = createModuleContext<{ greet: () => string }>('mf-test');

function Greeting() {
  const { api, notify } = useModule();
  return (
    <button type="button" onClick={() => notify(api.greet())}>
      {api.greet()}
    </button>
  );
}

describe('a module context', () => {
  it('gives a dialog its page’s API and notifications without props', () => {
    const notify = jest.fn();
    render(
      <ModuleProvider value={{ api: { greet: () => 'Hej' }, notify }}>
        <Greeting />
      </ModuleProvider>,
    );
    screen.getByRole('button', { name: 'Hej' }).click();
    expect(notify).toHaveBeenCalledWith('Hej');
  });

  it('fails at once, naming the module, outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Greeting />)).toThrow("mf-test: this component needs its page's ModuleProvider (api and notify).");
  });
});
