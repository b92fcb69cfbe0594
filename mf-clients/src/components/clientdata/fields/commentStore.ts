/**
 * The comments of every field on the client page, by field: seeded from each panel's answer, updated by every
 * saved comment, so a comment written in a panel that was closed meanwhile still shows when it opens again.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { FieldComment } from '@klinik/core';

const NONE: readonly FieldComment[] = [];

export class CommentStore {
  private readonly lists = new Map<string, readonly FieldComment[]>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(target: string): readonly FieldComment[] {
    return this.lists.get(target) ?? NONE;
  }

  /** The server's list for a field (newest data wins; a comment saved here but not yet in it is kept). */
  seed(target: string, comments: readonly FieldComment[]): void {
    const known = new Set(comments.map((comment) => comment.id));
    const local = this.get(target).filter((comment) => !known.has(comment.id));
    this.lists.set(target, [...comments, ...local].sort((a, b) => a.createdAt - b.createdAt));
    this.emit();
  }

  upsert(target: string, comment: FieldComment): void {
    const list = this.get(target);
    const index = list.findIndex((item) => item.id === comment.id);
    this.lists.set(target, index === -1 ? [...list, comment] : list.map((item, at) => (at === index ? comment : item)));
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Keys of the fields comments belong to. */
export const commentTarget = {
  journalField: (journalId: string, field: string) => `journal:${journalId}:${field}`,
  customField: (fieldId: string) => `field:${fieldId}`,
};

export function useComments(store: CommentStore, target: string): readonly FieldComment[] {
  const getSnapshot = useCallback(() => store.get(target), [store, target]);
  return useSyncExternalStore(store.subscribe, getSnapshot);
}
