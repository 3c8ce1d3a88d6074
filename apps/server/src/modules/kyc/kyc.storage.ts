import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../../platform/errors';

/**
 * ID photos on disk: DATA_DIR/kyc, outside every folder the server serves statically, each under a random
 * name that says nothing about its owner. Files are readable by the server's user only.
 */
export class PhotoStore {
  constructor(private readonly dir: string) {}

  async put(bytes: Uint8Array): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const fileId = randomBytes(16).toString('hex');
    await writeFile(this.pathOf(fileId), bytes, { mode: 0o600, flag: 'wx' });
    return fileId;
  }

  async get(fileId: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(fileId));
    } catch {
      throw fail('NOT_FOUND');
    }
  }

  async remove(fileId: string): Promise<void> {
    await rm(this.pathOf(fileId), { force: true });
  }

  private pathOf(fileId: string): string {
    if (!/^[0-9a-f]{32}$/.test(fileId)) throw fail('NOT_FOUND');
    return join(this.dir, `${fileId}.jpg`);
  }
}
