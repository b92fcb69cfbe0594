import { CLIENT_DRAFT_KEY, CLIENT_DRAFT_TTL_MS, EMPTY_INTAKE_PERSONAL } from '@klinik/core/records';
import { clearDraft, readDraft, splitServerErrors, writeDraft } from './personal';

/** A localStorage for the node test environment. */
const store = new Map<string, string>();
(globalThis as unknown as { window: unknown }).window = {
  localStorage: {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  },
};

const fields = { ...EMPTY_INTAKE_PERSONAL, nameFirst: 'Asta', CPR6Digit: '150385', CPRLast4Digit: '1234', address: 'Åboulevarden 3' };

describe('the intake draft', () => {
  beforeEach(() => store.clear());

  it('keeps the draft for 20 minutes and never the CPR number', () => {
    writeDraft(fields, 1_000);
    const raw = store.get(CLIENT_DRAFT_KEY)!;
    expect(raw).not.toContain('150385');
    expect(raw).not.toContain('1234');
    expect(JSON.parse(raw)).toMatchObject({ timestamp: 1_000, value: { nameFirst: 'Asta', address: 'Åboulevarden 3' } });
    expect(readDraft(1_000 + CLIENT_DRAFT_TTL_MS - 1)).toMatchObject({ nameFirst: 'Asta' });
    expect(readDraft(1_000 + CLIENT_DRAFT_TTL_MS)).toBeNull();
    expect(store.has(CLIENT_DRAFT_KEY)).toBe(false);
  });

  it('ignores a damaged draft and clears on request', () => {
    store.set(CLIENT_DRAFT_KEY, '{nope');
    expect(readDraft(0)).toBeNull();
    writeDraft(fields, 5);
    clearDraft();
    expect(store.has(CLIENT_DRAFT_KEY)).toBe(false);
  });

  it("maps the server's field errors to the form with the 'Fejl: ' prefix", () => {
    expect(splitServerErrors({ 'client.nameFirst': 'Fornavn er påkrævet.', _: 'Noget andet' })).toEqual({ fields: { nameFirst: 'Fejl: Fornavn er påkrævet.' }, other: ['Noget andet'] });
  });
});
