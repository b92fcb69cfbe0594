import { isInternalPath, rememberReturnPath, returnPath } from './checkout';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('the way back from the checkout page', () => {
  it('leads back to the page the purchase started on', () => {
    const storage = memoryStorage();
    expect(returnPath('/planlægge', storage)).toBe('/planlægge');
    rememberReturnPath('/Abonnement/s0123456789abcdef01234567-0123456789abcdef', storage);
    expect(returnPath('/planlægge', storage)).toBe('/Abonnement/s0123456789abcdef01234567-0123456789abcdef');
  });

  it('never follows another origin', () => {
    for (const path of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'planlægge', '', null, undefined]) {
      expect(isInternalPath(path)).toBe(false);
    }
    const storage = memoryStorage();
    storage.setItem('klinik:payment-return-to', '//evil.example');
    expect(returnPath('/planlægge', storage)).toBe('/planlægge');
    rememberReturnPath('https://evil.example', storage);
    expect(returnPath('/planlægge', storage)).toBe('/planlægge');
  });

  it('works without storage', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(() => rememberReturnPath('/planlægge', broken)).not.toThrow();
    expect(returnPath('/Abonnement', broken)).toBe('/Abonnement');
    expect(returnPath('/Abonnement', null)).toBe('/Abonnement');
  });
});
