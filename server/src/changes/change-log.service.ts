import { Injectable } from '@nestjs/common';

export type ChangeKind = 'product' | 'category' | 'order';

export interface ChangeFollower {
  /** Loads everything afresh: once at start, and again whenever changes may have been missed. */
  reload(): Promise<void>;
  /** The record of this kind with this id was created, updated or deleted; re-read it by id. */
  changed(id: string): Promise<void>;
}

/** Placeholder: in-process only until the shared log lands. */
@Injectable()
export class ChangeLog {
  private readonly followers = new Map<ChangeKind, ChangeFollower[]>();

  async announce(kind: ChangeKind, id: string): Promise<void> {
    for (const follower of this.followers.get(kind) ?? []) await follower.changed(id);
  }

  follow(kind: ChangeKind, follower: ChangeFollower): void {
    this.followers.set(kind, [...(this.followers.get(kind) ?? []), follower]);
  }

  async onApplicationBootstrap(): Promise<void> {
    const all = new Set([...this.followers.values()].flat());
    for (const follower of all) await follower.reload();
  }
}
