import { performMutation } from './mutation';
import { QueryStore } from './store';

/** A loader whose answers the test hands out in any order. */
function controlled<T>() {
  const pending: { resolve: (value: T) => void; reject: (reason: unknown) => void }[] = [];
  const loader = () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  return { loader, pending };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the query store', () => {
  it('loads a key once for every component showing it, and shows the answer', async () => {
    const store = new QueryStore();
    const { loader, pending } = controlled<string[]>();
    const seen: number[] = [];
    const leaveA = store.subscribe(['getAllEvent', 1], loader, () => seen.push(1));
    const leaveB = store.subscribe(['getAllEvent', 1], loader, () => seen.push(2));
    expect(pending).toHaveLength(1);
    expect(store.snapshot(['getAllEvent', 1])).toMatchObject({ loading: true, data: undefined, error: null });
    pending[0]!.resolve(['Yoga']);
    await flush();
    expect(store.snapshot(['getAllEvent', 1])).toEqual({ data: ['Yoga'], error: null, loading: false, refreshing: false });
    expect(seen).toEqual([1, 2]);
    leaveA();
    leaveB();
  });

  it('shows a failed load as an error with the server message, never as an empty answer', async () => {
    const store = new QueryStore('Noget gik galt');
    const leave = store.subscribe(['getAllClient'], () => Promise.reject(new Error('Forbindelsen blev afbrudt')), () => undefined);
    await flush();
    expect(store.snapshot(['getAllClient'])).toEqual({ data: undefined, error: 'Forbindelsen blev afbrudt', loading: false, refreshing: false });
    leave();
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a loader rejecting with a non-Error is the case tested here
    const leaveAgain = store.subscribe(['x'], () => Promise.reject(42), () => undefined);
    await flush();
    expect(store.snapshot(['x']).error).toBe('Noget gik galt');
    leaveAgain();
  });

  it('lets only the newest request settle a key, whatever order the answers arrive in', async () => {
    const store = new QueryStore();
    const { loader, pending } = controlled<string>();
    const leave = store.subscribe(['week', 1], loader, () => undefined);
    const refreshed = store.refresh(['week', 1]);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('new');
    await refreshed;
    pending[0]!.resolve('old');
    await flush();
    expect(store.snapshot(['week', 1]).data).toBe('new');
    leave();
  });

  it('keeps the last answer on screen while refreshing, and after a failed refresh shows both', async () => {
    const store = new QueryStore();
    const { loader, pending } = controlled<number>();
    const leave = store.subscribe(['count'], loader, () => undefined);
    pending[0]!.resolve(1);
    await flush();
    const refreshing = store.refresh(['count']);
    expect(store.snapshot(['count'])).toEqual({ data: 1, error: null, loading: false, refreshing: true });
    pending[1]!.reject(new Error('Serverfejl'));
    await refreshing;
    expect(store.snapshot(['count'])).toEqual({ data: 1, error: 'Serverfejl', loading: false, refreshing: false });
    leave();
  });

  it('reloads every shown key under a prefix after a change, and no other', async () => {
    const store = new QueryStore();
    let calls = { courses: 0, clients: 0 };
    const leaves = [
      store.subscribe(['getAllEvent', { page: 1 }], async () => ++calls.courses, () => undefined),
      store.subscribe(['getAllEvent', { page: 2 }], async () => ++calls.courses, () => undefined),
      store.subscribe(['getAllClient'], async () => ++calls.clients, () => undefined),
    ];
    await flush();
    calls = { courses: 0, clients: 0 };
    await store.invalidate(['getAllEvent']);
    expect(calls).toEqual({ courses: 2, clients: 0 });
    for (const leave of leaves) leave();
  });

  it('drops a key with its answer when nobody shows it, and a late answer then settles nothing', async () => {
    const store = new QueryStore();
    const { loader, pending } = controlled<string>();
    const leave = store.subscribe(['getClient', 'c1'], loader, () => undefined);
    leave();
    expect(store.size).toBe(0);
    pending[0]!.resolve('CPR 010170-1234');
    await flush();
    expect(store.size).toBe(0);
    expect(store.snapshot(['getClient', 'c1'])).toMatchObject({ loading: true, data: undefined });
  });

  it('changes a shown answer in place, and tells who shows it', async () => {
    const store = new QueryStore();
    let told = 0;
    const leave = store.subscribe(['days'], async () => [1, 2, 3], () => (told += 1));
    await flush();
    const before = told;
    store.setData<number[]>(['days'], (days) => (days ?? []).filter((day) => day !== 2));
    expect(store.snapshot(['days']).data).toEqual([1, 3]);
    expect(told).toBe(before + 1);
    leave();
  });
});

describe('a mutation', () => {
  it('toasts the answer, reloads the affected queries, then calls onSuccess', async () => {
    const store = new QueryStore();
    const order: string[] = [];
    const leave = store.subscribe(['getAllEvent', { page: 1 }], async () => order.push('reload'), () => undefined);
    await flush();
    order.length = 0;
    const outcome = await performMutation(async (id: string) => ({ message: `Kurset ${id} er slettet` }), 'c1', {
      notify: (text, intent) => order.push(`${intent}: ${text}`),
      invalidates: [['getAllEvent']],
      onSuccess: () => void order.push('onSuccess'),
    }, store);
    expect(outcome).toEqual({ ok: true, answer: { message: 'Kurset c1 er slettet' } });
    expect(order).toEqual(['success: Kurset c1 er slettet', 'reload', 'onSuccess']);
    leave();
  });

  it('shows successText instead of the answer, or nothing when it is false', async () => {
    const store = new QueryStore();
    const told: string[] = [];
    const notify = (text: string) => void told.push(text);
    await performMutation(async () => ({ message: 'fra serveren' }), null, { notify, successText: 'Fraværet er oprettet' }, store);
    await performMutation(async () => ({ message: 'fra serveren' }), null, { notify, successText: false }, store);
    expect(told).toEqual(['Fraværet er oprettet']);
  });

  it("gives a failure's message and field errors to onError, toasts it only when asked, and reloads nothing", async () => {
    const store = new QueryStore();
    let reloads = 0;
    const leave = store.subscribe(['getAllTreatment'], async () => ++reloads, () => undefined);
    await flush();
    const refused = Object.assign(new Error('Navn er påkrævet'), { errors: { name: 'Navn er påkrævet' } });
    const told: string[] = [];
    const seen: unknown[] = [];
    const send = async () => {
      throw refused;
    };
    const outcome = await performMutation(send, null, { notify: (text, intent) => void told.push(`${intent}: ${text}`), invalidates: [['getAllTreatment']], onError: (...args) => void seen.push(args) }, store);
    expect(outcome).toEqual({ ok: false, reason: refused, message: 'Navn er påkrævet', fieldErrors: { name: 'Navn er påkrævet' } });
    expect(seen).toEqual([['Navn er påkrævet', { name: 'Navn er påkrævet' }]]);
    expect(told).toEqual([]);
    await performMutation(send, null, { notify: (text, intent) => void told.push(`${intent}: ${text}`), errorToast: true }, store);
    expect(told).toEqual(['error: Navn er påkrævet']);
    expect(reloads).toBe(1);
    leave();
  });
});
