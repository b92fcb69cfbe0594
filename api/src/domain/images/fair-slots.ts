/**
 * A few slots of scarce work (processing an upload, decoding an image) shared by every clinic, handed out fairly
 *: a free slot goes to the waiting clinic that holds the fewest, so a clinic that holds one never gets a
 * second while a clinic that holds none waits, and one clinic's batch cannot keep another clinic's single upload
 * waiting behind it. Among clinics that hold equally few, the one whose turn came least recently goes first; within
 * a clinic, first come first served. Running work is never interrupted: while nobody else waits one clinic may hold
 * every slot (a batch of photos uses both), and the next clinic gets the first slot that frees.
 */
export interface SlotGrant {
  /** Who got the slot: a clinic's id (or `team:<id>` for the support team). */
  clinic: string;
  /** Slots that clinic held just before. */
  heldBefore: number;
  /** The other clinics that were waiting at that moment. */
  othersWaiting: string[];
}

/**
 * What a test (or a look at a running process) reads: the work waiting now (of every queue that shares the object),
 * and each grant as it happens.
 */
export interface SlotLoad {
  waiting: number;
  onGrant: ((grant: SlotGrant) => void) | null;
}

export class FairSlots {
  private readonly held = new Map<string, number>();
  /** Waiting work per clinic; the map's order is the clinics' turn order (a clinic served goes to the back). */
  private readonly waiting = new Map<string, (() => void)[]>();
  private running = 0;
  private queued = 0;

  constructor(
    readonly size: number,
    private readonly load: SlotLoad,
  ) {}

  /** Work waiting for a slot in this queue, of every clinic. */
  get pendingCount(): number {
    return this.queued;
  }

  async run<T>(clinic: string, work: () => Promise<T>): Promise<T> {
    await this.acquire(clinic);
    try {
      return await work();
    } finally {
      this.release(clinic);
    }
  }

  private acquire(clinic: string): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.waiting.get(clinic);
      if (queue) queue.push(resolve);
      else this.waiting.set(clinic, [resolve]);
      this.queued += 1;
      this.load.waiting += 1;
      this.dispatch();
    });
  }

  private release(clinic: string): void {
    const held = (this.held.get(clinic) ?? 1) - 1;
    if (held > 0) this.held.set(clinic, held);
    else this.held.delete(clinic);
    this.running -= 1;
    this.dispatch();
  }

  /** Hands free slots to waiting work; the counts change here, synchronously, so two grants never see the same state. */
  private dispatch(): void {
    while (this.running < this.size && this.waiting.size > 0) {
      let chosen: string | null = null;
      for (const clinic of this.waiting.keys()) {
        if (chosen === null || (this.held.get(clinic) ?? 0) < (this.held.get(chosen) ?? 0)) chosen = clinic;
      }
      const queue = this.waiting.get(chosen!)!;
      const next = queue.shift()!;
      this.waiting.delete(chosen!);
      if (queue.length > 0) this.waiting.set(chosen!, queue);
      const heldBefore = this.held.get(chosen!) ?? 0;
      this.load.onGrant?.({ clinic: chosen!, heldBefore, othersWaiting: [...this.waiting.keys()].filter((clinic) => clinic !== chosen) });
      this.held.set(chosen!, heldBefore + 1);
      this.running += 1;
      this.queued -= 1;
      this.load.waiting -= 1;
      next();
    }
  }
}
