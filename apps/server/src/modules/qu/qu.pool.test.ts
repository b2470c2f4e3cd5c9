/**
 * The draw pool kept in memory (QuService.drawPool; issue 9 "Create-paper is cheap"): the same
 * frozen array while the banks are unchanged, and a fresh one after every kind of write to their
 * questions — through the API (save, level, move both ways, delete, bank delete), through the
 * repository from "another process" (a write this service instance did not make), and never from a
 * rolled-back write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuType } from '@kaopei/contracts';
import { quApi } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { testApp, type TestApp } from '../../test/app';
import { createQu, createRepo, must, uniq } from '../../test/builders';
import * as repo from './qu.repository';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const pool = (...repoIds: string[]) => t.services.qu.drawPool(t.db, repoIds);
const ids = async (...repoIds: string[]) => (await pool(...repoIds)).map((q) => q.id).sort();

describe('QuService.drawPool kept in memory', () => {
  it('answers the same frozen array while the bank is unchanged, and the stored pool after each write', async () => {
    const a = await createRepo(t, admin, uniq('池A'));
    const b = await createRepo(t, admin, uniq('池B'));
    const q1 = await createQu(t, admin, a, QuType.SINGLE);
    const q2 = await createQu(t, admin, a, QuType.SINGLE);
    const first = await pool(a);
    expect(first.map((q) => q.id).sort()).toEqual([q1, q2].sort());
    expect(await pool(a)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => (first as unknown as unknown[]).push({ id: 'x' })).toThrow();

    // A new question.
    const q3 = await createQu(t, admin, a, QuType.MULTI);
    const second = await pool(a);
    expect(second).not.toBe(first);
    expect(second.map((q) => q.id).sort()).toEqual([q1, q2, q3].sort());

    // The level of a question.
    must(await t.call(quApi.batchLevel, { ids: [q1], level: 2 }, admin));
    expect((await pool(a)).find((q) => q.id === q1)?.level).toBe(2);

    // A move: gone from a, in b (both banks' pools change).
    expect(await ids(b)).toEqual([]);
    must(await t.call(quApi.batchMove, { ids: [q2], repoId: b }, admin));
    expect(await ids(a)).toEqual([q1, q3].sort());
    expect(await ids(b)).toEqual([q2]);
    expect(await ids(a, b)).toEqual([q1, q2, q3].sort());

    // A deletion.
    must(await t.call(quApi.delete, { ids: [q3] }, admin));
    expect(await ids(a)).toEqual([q1]);

    // The bank deleted with its questions.
    must(await t.call(repoApi.delete, { ids: [b] }, admin));
    expect(await ids(b)).toEqual([]);
    expect(await ids(a, b)).toEqual([q1]);
  });

  it('sees a write it did not make (another process: the versions are in the database), and not a rolled-back one', async () => {
    const a = await createRepo(t, admin, uniq('池C'));
    const q1 = await createQu(t, admin, a, QuType.SINGLE);
    const before = await pool(a);
    // Another server process deletes the question: only the database tells this one.
    await repo.softDeleteQus(t.db, [q1], Date.now());
    expect(await ids(a)).toEqual([]);
    const empty = await pool(a);

    // A rolled-back write leaves the version (and the kept pool) as they were.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await repo.updateQu(trx, q1, { level: 2 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await pool(a)).toBe(empty);
    expect(before).not.toBe(empty);

    // Read inside a transaction that wrote (and then rolled back): nothing of it is kept.
    const q2 = await createQu(t, admin, a, QuType.SINGLE);
    const kept = await pool(a);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await repo.softDeleteQus(trx, [q2], Date.now());
        expect(await t.services.qu.drawPool(trx, [a])).toEqual([]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Another process's write raises the version to what the rolled-back one had raised it to.
    await repo.bumpRepos(t.db, [a]);
    expect(await ids(a)).toEqual([q2]);
    expect(kept.map((q) => q.id)).toEqual([q2]);
  });
});
