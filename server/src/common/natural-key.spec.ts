import { describe, expect, it, vi } from 'vitest';
import { upsertRacing } from './natural-key';

const duplicate = () => Object.assign(new Error('E11000 duplicate key'), { code: 11000 });

describe('upsertRacing', () => {
  it('runs an upsert that lost the race to insert its key once more', async () => {
    const upsert = vi.fn().mockRejectedValueOnce(duplicate()).mockResolvedValueOnce('updated');
    await expect(upsertRacing(upsert)).resolves.toBe('updated');
    expect(upsert).toHaveBeenCalledTimes(2);
  });

  it('runs a bulk upsert again when every failed write lost such a race', async () => {
    const bulk = Object.assign(new Error('bulk'), { writeErrors: [duplicate(), duplicate()] });
    const upsert = vi.fn().mockRejectedValueOnce(bulk).mockResolvedValueOnce('updated');
    await expect(upsertRacing(upsert)).resolves.toBe('updated');
    expect(upsert).toHaveBeenCalledTimes(2);
  });

  it('passes on any other failure at once, and a second lost race too', async () => {
    const other = Object.assign(new Error('bulk'), { writeErrors: [duplicate(), { code: 121 }] });
    const failing = vi.fn().mockRejectedValue(other);
    await expect(upsertRacing(failing)).rejects.toBe(other);
    expect(failing).toHaveBeenCalledTimes(1);

    const racing = vi.fn().mockRejectedValue(duplicate());
    await expect(upsertRacing(racing)).rejects.toMatchObject({ code: 11000 });
    expect(racing).toHaveBeenCalledTimes(2);
  });
});
