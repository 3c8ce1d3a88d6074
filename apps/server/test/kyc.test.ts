import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVerifiedHolder, requireKycPassed } from '../src/modules/kyc';
import {
  body,
  createStaff,
  createTestApp,
  get,
  passKyc,
  post,
  registerUser,
  staffToken,
  type Registered,
  type TestApp,
} from './harness';

let t: TestApp;
let dataDir: string;
let admin: string;
/** A compliance member who confirms the admin's first approvals (KYC_SECOND_REVIEW is on by default). */
let reviewer: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kabuto-kyc-'));
  t = await createTestApp({ dataDir });
  admin = await staffToken(t);
  const member = await createStaff(t, 'kyc-reviewer', 'compliance');
  reviewer = await staffToken(t, member.username, member.password, member.secret);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const kycDir = () => join(dataDir, 'kyc');
const storedFiles = async () => readdir(kycDir()).catch(() => [] as string[]);

interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = '----kabutoTestBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const photo = (width = 320, height = 200, colour = { r: 30, g: 90, b: 160 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } });
const jpeg = async () => photo().jpeg().toBuffer();

async function submit(
  token: string | undefined,
  front: Partial<FilePart> & { bytes: Buffer },
  back: Partial<FilePart> & { bytes: Buffer },
  fields: Record<string, string> = {
    fullName: '山田 太郎',
    fullNameKana: 'ヤマダ タロウ',
    idNumber: 'AB1234567',
  },
  lang = 'en',
) {
  const { payload, contentType } = multipart(fields, [
    { name: 'front', filename: 'front.jpg', contentType: 'image/jpeg', ...front },
    { name: 'back', filename: 'back.jpg', contentType: 'image/jpeg', ...back },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/kyc?lang=${lang}`,
    payload,
    headers: { 'content-type': contentType, ...(token ? { token } : {}) },
  });
  return { status: response.statusCode, ...body<{ status: string; reason: string | null }>(response) };
}

async function submissionOf(userId: string) {
  return t.ctx.db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Asserts a refused upload left nothing behind: no row, no file, status unchanged. */
async function expectNothingStored(user: Registered, filesBefore: string[]) {
  expect(await submissionOf(user.userId)).toBeUndefined();
  expect(await storedFiles()).toEqual(filesBefore);
  const state = await get<{ status: string }>(t.app, '/api/kyc', user.token);
  expect(state.data.status).toBe('none');
}

describe('submitting identity documents', () => {
  it('starts as not done', async () => {
    const user = await registerUser(t);
    const state = await get(t.app, '/api/kyc', user.token);
    expect(state.data).toEqual({
      status: 'none',
      fullName: null,
      fullNameKana: null,
      reason: null,
      submittedAt: null,
      reviewedAt: null,
    });
  });

  it('accepts JPEG and HEIC, stores re-encoded JPEGs without EXIF under DATA_DIR/kyc', async () => {
    const user = await registerUser(t);
    const withGps = await photo()
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1' } })
      .toBuffer();
    const input = await sharp(withGps).metadata();
    expect(input.exif?.includes(Buffer.from('SpyCam'))).toBe(true);
    const heic = await readFile(join(import.meta.dirname, 'fixtures/id-card.heic'));

    const result = await submit(user.token, { bytes: withGps }, { bytes: heic, filename: 'back.HEIC' });
    expect(result).toMatchObject({ status: 200, code: 1, data: { status: 'pending', reason: null } });

    const row = await submissionOf(user.userId);
    expect(row).toMatchObject({ status: 'pending', full_name: '山田 太郎', id_number: 'AB1234567' });
    const user_ = await t.ctx.db
      .selectFrom('users')
      .select('kyc_status')
      .where('id', '=', BigInt(user.userId))
      .executeTakeFirstOrThrow();
    expect(user_.kyc_status).toBe('pending');

    for (const fileId of [row!.front_file_id, row!.back_file_id]) {
      expect(fileId).toMatch(/^[0-9a-f]{32}$/);
      const stored = await readFile(join(kycDir(), `${fileId}.jpg`));
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(metadata.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
    }
    const back = await sharp(await readFile(join(kycDir(), `${row!.back_file_id}.jpg`))).metadata();
    expect([back.width, back.height]).toEqual([96, 64]);

    const own = await t.app.inject({
      method: 'GET',
      url: '/api/kyc/photos/front',
      headers: { token: user.token },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('no-store');
    expect((await sharp(own.rawPayload).metadata()).width).toBe(320);
  });

  it.each([
    ['wrong type by its bytes under a .jpg name', async () => photo().gif().toBuffer(), 'KYC_FILE_TYPE', 415],
    [
      'an HTML page named .jpg',
      async () => Buffer.from('<html><script>alert(1)</script></html>'),
      'KYC_FILE_TYPE',
      415,
    ],
    [
      'HTML prepended to a JPEG',
      async () => Buffer.concat([Buffer.from('<html><body>'), await jpeg()]),
      'KYC_FILE_TYPE',
      415,
    ],
    ['a truncated JPEG', async () => (await jpeg()).subarray(0, 400), 'KYC_FILE_UNREADABLE', 422],
    [
      'a JPEG with a ZIP appended',
      async () => Buffer.concat([await jpeg(), zipBytes()]),
      'KYC_FILE_EXTRA_DATA',
      422,
    ],
    [
      'a JPEG with HTML appended',
      async () => Buffer.concat([await jpeg(), Buffer.from('<html><script>x()</script></html>')]),
      'KYC_FILE_EXTRA_DATA',
      422,
    ],
    [
      'a PNG with a ZIP appended',
      async () => Buffer.concat([await photo().png().toBuffer(), zipBytes()]),
      'KYC_FILE_EXTRA_DATA',
      422,
    ],
    [
      'an image too large in pixels',
      async () => photo(9000, 40).png({ compressionLevel: 9 }).toBuffer(),
      'KYC_FILE_DIMENSIONS',
      422,
    ],
  ])('refuses %s with "Upload Failed" and stores nothing', async (_name, make, errorCode, status) => {
    const user = await registerUser(t);
    const before = await storedFiles();
    const result = await submit(user.token, { bytes: await jpeg() }, { bytes: await make() });
    expect(result).toMatchObject({ status, errorCode, params: { field: 'back' } });
    expect(result.msg).toMatch(/^Upload Failed: /);
    await expectNothingStored(user, before);
  });

  it("refuses a photo over 10 MB, in the user's language", async () => {
    const user = await registerUser(t);
    const before = await storedFiles();
    const big = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024)]);
    const result = await submit(user.token, { bytes: big }, { bytes: await jpeg() }, undefined, 'ja');
    expect(result).toMatchObject({
      status: 413,
      errorCode: 'KYC_FILE_TOO_LARGE',
      params: { field: 'front' },
    });
    expect(result.msg).toBe('アップロードに失敗しました：画像は1枚あたり10MB以下にしてください');
    await expectNothingStored(user, before);
  });

  it('checks the fields in form order with their own messages', async () => {
    const user = await registerUser(t);
    const image = { bytes: await jpeg() };
    const noName = await submit(user.token, image, image, {
      fullName: ' ',
      fullNameKana: 'タロウ',
      idNumber: 'AB1234',
    });
    expect(noName).toMatchObject({
      status: 400,
      errorCode: 'KYC_FULL_NAME_REQUIRED',
      msg: 'Please enter your full name',
    });
    const noKana = await submit(
      user.token,
      image,
      image,
      { fullName: '山田 太郎', idNumber: 'AB1234' },
      'ja',
    );
    expect(noKana).toMatchObject({
      status: 400,
      errorCode: 'KYC_FULL_NAME_KANA_REQUIRED',
      msg: 'フリガナを入力してください',
    });
    for (const [lang, msg] of [
      ['ja', 'フリガナは全角カタカナで入力してください（例：ヤマダ タロウ）'],
      ['en', 'Enter your name in full-width katakana (e.g. ヤマダ タロウ)'],
    ] as const)
      for (const kana of ['山田 太郎', 'YAMADA TARO', 'ヤマダ・タロウ'])
        expect(
          await submit(
            user.token,
            image,
            image,
            { fullName: '山田 太郎', fullNameKana: kana, idNumber: 'AB1234' },
            lang,
          ),
        ).toMatchObject({ status: 400, errorCode: 'KYC_FULL_NAME_KANA_INVALID', msg });
    const noNumber = await submit(
      user.token,
      image,
      image,
      { fullName: 'Taro', fullNameKana: 'タロウ' },
      'ja',
    );
    expect(noNumber).toMatchObject({
      errorCode: 'KYC_ID_NUMBER_REQUIRED',
      msg: '本人確認書類の番号を入力してください',
    });
    const badNumber = await submit(user.token, image, image, {
      fullName: 'Taro',
      fullNameKana: 'タロウ',
      idNumber: '<script>',
    });
    expect(badNumber.errorCode).toBe('KYC_ID_NUMBER_INVALID');

    const { payload, contentType } = multipart(
      { fullName: 'Taro', fullNameKana: 'タロウ', idNumber: 'AB1234' },
      [{ name: 'front', filename: 'f.jpg', contentType: 'image/jpeg', bytes: image.bytes }],
    );
    const noBack = await t.app.inject({
      method: 'POST',
      url: '/api/kyc?lang=en',
      payload,
      headers: { 'content-type': contentType, token: user.token },
    });
    expect(noBack.json()).toMatchObject({ errorCode: 'KYC_BACK_REQUIRED', params: { field: 'back' } });

    const json = await post(t.app, '/api/kyc?lang=en', { fullName: 'Taro', idNumber: 'AB1234' }, user.token);
    expect(json).toMatchObject({ status: 400, errorCode: 'BAD_REQUEST' });
    expect(await submissionOf(user.userId)).toBeUndefined();
  });

  it('stores the katakana name normalised: half-width kana and hiragana, full-width and repeated spaces', async () => {
    const user = await registerUser(t);
    const image = { bytes: await jpeg() };
    const result = await submit(user.token, image, image, {
      fullName: '山田 太郎',
      fullNameKana: '　ﾔﾏﾀﾞ　　たろう ',
      idNumber: 'AB1234567',
    });
    expect(result.code).toBe(1);
    expect((await submissionOf(user.userId))!.full_name_kana).toBe('ヤマダ タロウ');
    const state = await get<{ fullNameKana: string }>(t.app, '/api/kyc', user.token);
    expect(state.data.fullNameKana).toBe('ヤマダ タロウ');
  });

  it('needs a session', async () => {
    const image = { bytes: await jpeg() };
    expect(await submit(undefined, image, image)).toMatchObject({
      status: 401,
      errorCode: 'SESSION_EXPIRED',
    });
    expect(await get(t.app, '/api/kyc')).toMatchObject({ status: 401 });
  });

  it('checks both photos before decoding either: a back refused by its type is named even when the front would not decode', async () => {
    const user = await registerUser(t);
    const before = await storedFiles();
    const undecodable = withCorruptPixels(await photo(1200, 800).png().toBuffer());
    // On its own the front passes every cheap check and fails only when decoded.
    const alone = await submit(user.token, { bytes: undecodable }, { bytes: await jpeg() });
    expect(alone).toMatchObject({
      status: 422,
      errorCode: 'KYC_FILE_UNREADABLE',
      params: { field: 'front' },
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>');
    const both = await submit(user.token, { bytes: undecodable }, { bytes: svg });
    expect(both).toMatchObject({ status: 415, errorCode: 'KYC_FILE_TYPE', params: { field: 'back' } });
    await expectNothingStored(user, before);
  });

  it('decodes one submission at a time per investor: one sent while another is decoded is refused, one is stored', async () => {
    const user = await registerUser(t);
    const before = await storedFiles();
    const noisy = await sharp({
      create: {
        width: 2400,
        height: 1600,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const results = await Promise.all(
      [1, 2, 3].map(() => submit(user.token, { bytes: noisy }, { bytes: noisy }, undefined, 'ja')),
    );
    expect(results.filter((result) => result.code === 1)).toHaveLength(1);
    const refused = results.filter((result) => result.code !== 1);
    expect(refused.map((result) => result.errorCode)).toContain('RATE_LIMITED');
    for (const result of refused) {
      expect(['RATE_LIMITED', 'KYC_UNDER_REVIEW']).toContain(result.errorCode);
      if (result.errorCode === 'RATE_LIMITED')
        expect(result.msg).toBe('リクエストが多すぎます。しばらくしてから再度お試しください');
    }
    expect((await storedFiles()).length).toBe(before.length + 2);
  });
});

describe('review and the state rules', () => {
  it('refuses resubmission while under review and once passed, allows it after a rejection', async () => {
    const user = await registerUser(t);
    const image = { bytes: await jpeg() };
    // The user info names the investor only once verification has passed.
    const realName = async () =>
      (await get<{ real_name: string | null }>(t.app, '/api/index/getUserInfo', user.token)).data.real_name;
    expect(await realName()).toBeNull();
    expect((await submit(user.token, image, image)).code).toBe(1);
    const again = await submit(user.token, image, image);
    expect(again).toMatchObject({ status: 409, errorCode: 'KYC_UNDER_REVIEW' });

    const first = await submissionOf(user.userId);
    const rejected = await post(
      t.app,
      `/api/staff/kyc/${first!.id}/reject?lang=en`,
      { reason: 'The photo is blurred' },
      admin,
    );
    expect(rejected).toMatchObject({
      code: 1,
      data: { status: 'rejected', reason: 'The photo is blurred', reviewedBy: 'admin' },
    });
    const state = await get(t.app, '/api/kyc', user.token);
    expect(state.data).toMatchObject({ status: 'rejected', reason: 'The photo is blurred' });

    expect((await submit(user.token, image, image)).data.status).toBe('pending');
    const second = await submissionOf(user.userId);
    expect(second!.id).not.toBe(first!.id);

    const twice = await post(t.app, `/api/staff/kyc/${first!.id}/approve`, {}, admin);
    expect(twice).toMatchObject({ status: 409, errorCode: 'KYC_NOT_PENDING' });

    await expect(requireKycPassed(t.ctx.db, BigInt(user.userId))).rejects.toMatchObject({
      errorCode: 'KYC_NOT_PASSED',
    });
    // The first of two approvals: still under review, and the same reviewer cannot give the second.
    const firstApproval = await post(t.app, `/api/staff/kyc/${second!.id}/approve`, {}, admin);
    expect(firstApproval).toMatchObject({
      code: 1,
      data: { status: 'pending', firstApprovedBy: 'admin', canDecide: false },
    });
    expect((await get(t.app, '/api/kyc', user.token)).data).toMatchObject({ status: 'pending' });
    for (const decision of ['approve', 'reject'])
      expect(
        await post(t.app, `/api/staff/kyc/${second!.id}/${decision}`, { reason: 'x' }, admin),
      ).toMatchObject({ status: 409, errorCode: 'KYC_SECOND_REVIEWER_REQUIRED' });
    await expect(requireKycPassed(t.ctx.db, BigInt(user.userId))).rejects.toMatchObject({
      errorCode: 'KYC_NOT_PASSED',
    });
    expect(await realName()).toBeNull();
    const approved = await post(t.app, `/api/staff/kyc/${second!.id}/approve`, {}, reviewer);
    expect(approved).toMatchObject({
      code: 1,
      data: { status: 'passed', reason: null, firstApprovedBy: 'admin', reviewedBy: 'kyc-reviewer' },
    });
    await expect(requireKycPassed(t.ctx.db, BigInt(user.userId))).resolves.toBeUndefined();
    expect((await get(t.app, '/api/kyc', user.token)).data).toMatchObject({ status: 'passed', reason: null });
    expect(await realName()).toBe('山田 太郎');

    const filesBefore = await storedFiles();
    expect(await submit(user.token, image, image)).toMatchObject({
      status: 409,
      errorCode: 'KYC_ALREADY_PASSED',
    });
    expect(await storedFiles()).toEqual(filesBefore);
    const rejectPassed = await post(t.app, `/api/staff/kyc/${second!.id}/reject`, { reason: 'x' }, admin);
    expect(rejectPassed).toMatchObject({ status: 409, errorCode: 'KYC_NOT_PENDING' });

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_kind', '=', 'kyc_submission')
      .where('target_id', 'in', [first!.id.toString(), second!.id.toString()])
      .where('action', 'in', ['kyc.approve', 'kyc.reject'])
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['kyc.reject', 'kyc.approve', 'kyc.approve']);
    const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(parse(audit[0]!.before)).toMatchObject({ status: 'pending', idNumberMasked: '*****4567' });
    expect(parse(audit[0]!.after)).toMatchObject({ status: 'rejected', reason: 'The photo is blurred' });
    expect(audit[0]!.reason).toBe('The photo is blurred');
    expect(parse(audit[1]!.after)).toMatchObject({ status: 'pending', stage: 'first_of_two' });
    expect(parse(audit[2]!.after)).toMatchObject({ status: 'passed', firstApprovedBy: 'admin' });
  });

  it('passes on one approval when the second review is switched off (KYC_SECOND_REVIEW=false)', async () => {
    const user = await registerUser(t);
    const image = { bytes: await jpeg() };
    await submit(user.token, image, image);
    const row = await submissionOf(user.userId);
    t.ctx.config.kycSecondReview = false;
    try {
      const approved = await post(t.app, `/api/staff/kyc/${row!.id}/approve`, {}, admin);
      expect(approved).toMatchObject({ code: 1, data: { status: 'passed', firstApprovedBy: null } });
    } finally {
      t.ctx.config.kycSecondReview = true;
    }
  });

  it('requires a reason to reject', async () => {
    const user = await registerUser(t);
    const image = { bytes: await jpeg() };
    await submit(user.token, image, image);
    const row = await submissionOf(user.userId);
    const result = await post(t.app, `/api/staff/kyc/${row!.id}/reject?lang=ja`, { reason: '  ' }, admin);
    expect(result).toMatchObject({
      status: 400,
      errorCode: 'REASON_REQUIRED',
      msg: '理由を入力してください',
    });
    expect((await submissionOf(user.userId))!.status).toBe('pending');
  });

  it('lists pending first with masked ID numbers, and shows the detail in full (audited)', async () => {
    const list = await get<{
      items: { id: string; status: string; idNumberMasked: string }[];
      total: number;
    }>(t.app, '/api/staff/kyc?pageSize=100', admin);
    expect(list.data.total).toBeGreaterThan(2);
    const statuses = list.data.items.map((item) => item.status);
    expect(statuses.indexOf('pending')).toBe(0);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.findIndex((s) => s !== 'pending'));
    expect(JSON.stringify(list.data)).not.toContain('AB1234567');
    expect(list.data.items[0]!.idNumberMasked).toMatch(/^\*+[A-Z0-9]{4}$/);

    const id = list.data.items[0]!.id;
    const detail = await get<{ idNumber: string; mobile: string }>(t.app, `/api/staff/kyc/${id}`, admin);
    expect(detail.data.idNumber).toMatch(/^[A-Z0-9-]+$/);
    expect(detail.data.mobile).toMatch(/^0\d{9,10}$/);
    const viewed = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'kyc.view')
      .where('target_id', '=', id)
      .execute();
    expect(viewed.length).toBe(1);

    const photo_ = await t.app.inject({
      method: 'GET',
      url: `/api/staff/kyc/${id}/photos/back`,
      headers: { token: admin },
    });
    expect(photo_.statusCode).toBe(200);
    expect(photo_.headers['content-type']).toBe('image/jpeg');
    expect(photo_.headers['cache-control']).toBe('no-store');
    const missing = await get(t.app, '/api/staff/kyc/999999/photos/front', admin);
    expect(missing).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
    const badSide = await get(t.app, `/api/staff/kyc/${id}/photos/selfie`, admin);
    expect(badSide).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
  });
});

describe('フリガナ on a verification passed before it was asked for', () => {
  it('compliance records it once, from the document, audited; then the investor has an own-name account again', async () => {
    const user = await registerUser(t);
    await passKyc(t, user.userId, null);
    const row = await submissionOf(user.userId);
    const path = `/api/staff/kyc/${row!.id}/kana`;
    const holds = () =>
      t.ctx.db.connection().execute((db) => isVerifiedHolder(db, BigInt(user.userId), 'ヤマダ タロウ'));
    expect(await holds()).toBe(false);

    expect(await post(t.app, `${path}?lang=ja`, { fullNameKana: '山田 太郎' }, admin)).toMatchObject({
      status: 400,
      errorCode: 'KYC_FULL_NAME_KANA_INVALID',
    });
    const recorded = await post<{ fullNameKana: string }>(t.app, path, { fullNameKana: 'ﾔﾏﾀﾞ ﾀﾛｳ' }, admin);
    expect(recorded.data.fullNameKana).toBe('ヤマダ タロウ');
    expect(await holds()).toBe(true);

    // Once only: a recorded name is never changed this way.
    const again = await post(t.app, `${path}?lang=en`, { fullNameKana: 'スズキ ハナコ' }, reviewer);
    expect(again).toMatchObject({ status: 409, errorCode: 'KYC_KANA_NOT_NEEDED' });
    expect(again.msg).not.toBe('KYC_KANA_NOT_NEEDED');
    expect((await submissionOf(user.userId))!.full_name_kana).toBe('ヤマダ タロウ');

    const audit = await get<{ items: { targetId: string; before: unknown; after: unknown }[] }>(
      t.app,
      '/api/staff/audit-log?action=kyc.record_kana',
      admin,
    );
    expect(audit.data.items[0]).toMatchObject({
      targetId: row!.id.toString(),
      before: { fullNameKana: null },
      after: { fullNameKana: 'ヤマダ タロウ', userId: user.userId },
    });
  });

  it('is refused on a pending submission, to staff without kyc.review, and to investors', async () => {
    const user = await registerUser(t);
    const image = { bytes: await jpeg() };
    await submit(user.token, image, image);
    const row = await submissionOf(user.userId);
    const path = `/api/staff/kyc/${row!.id}/kana`;
    expect(await post(t.app, path, { fullNameKana: 'ヤマダ タロウ' }, reviewer)).toMatchObject({
      status: 409,
      errorCode: 'KYC_KANA_NOT_NEEDED',
    });
    const finance = await createStaff(t, 'kyc-kana-finance', 'finance');
    const token = await staffToken(t, finance.username, finance.password, finance.secret);
    expect(await post(t.app, path, { fullNameKana: 'ヤマダ タロウ' }, token)).toMatchObject({ status: 403 });
    expect((await post(t.app, path, { fullNameKana: 'ヤマダ タロウ' }, user.token)).status).toBe(401);
    expect(
      await post(t.app, '/api/staff/kyc/999999/kana', { fullNameKana: 'ヤマダ タロウ' }, admin),
    ).toMatchObject({
      status: 404,
    });
    expect((await submissionOf(user.userId))!.status).toBe('pending');
  });
});

describe('who may see what', () => {
  it("another user's token reads only its own state and no photos", async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const image = { bytes: await jpeg() };
    await submit(owner.token, image, image);
    const state = await get(t.app, '/api/kyc', other.token);
    expect(state.data).toMatchObject({ status: 'none', fullName: null });
    const photo_ = await get(t.app, '/api/kyc/photos/front', other.token);
    expect(photo_).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
    const row = await submissionOf(owner.userId);
    const staffPath = await get(t.app, `/api/staff/kyc/${row!.id}/photos/front`, other.token);
    expect(staffPath).toMatchObject({ status: 401 });
    expect(JSON.stringify(staffPath)).not.toContain('山田');
  });

  it('staff without kyc.review are refused everywhere in the queue', async () => {
    const user = await registerUser(t);
    const image = { bytes: await jpeg() };
    await submit(user.token, image, image);
    const row = await submissionOf(user.userId);
    const finance = await createStaff(t, 'kyc-finance', 'finance');
    const token = await staffToken(t, finance.username, finance.password, finance.secret);
    for (const url of [
      '/api/staff/kyc',
      `/api/staff/kyc/${row!.id}`,
      `/api/staff/kyc/${row!.id}/photos/front`,
    ]) {
      expect(await get(t.app, url, token)).toMatchObject({
        status: 403,
        errorCode: 'STAFF_PERMISSION_DENIED',
      });
    }
    expect(await post(t.app, `/api/staff/kyc/${row!.id}/approve`, {}, token)).toMatchObject({ status: 403 });
    expect(await post(t.app, `/api/staff/kyc/${row!.id}/reject`, { reason: 'no' }, token)).toMatchObject({
      status: 403,
    });
    expect((await submissionOf(user.userId))!.status).toBe('pending');

    const compliance = await createStaff(t, 'kyc-compliance', 'compliance');
    const allowed = await staffToken(t, compliance.username, compliance.password, compliance.secret);
    expect(await post(t.app, `/api/staff/kyc/${row!.id}/approve`, {}, allowed)).toMatchObject({ code: 1 });
  });
});

/** The smallest valid ZIP: one empty end-of-central-directory record, as appended in a polyglot. */
function zipBytes() {
  const local = Buffer.from('PK\u0003\u0004', 'latin1');
  const eocd = Buffer.alloc(22);
  eocd.write('PK\u0005\u0006', 0, 'latin1');
  return Buffer.concat([local, Buffer.alloc(26), Buffer.from('payload.html'), eocd]);
}

/** A PNG whose header, chunks and checksums are sound but whose pixel data cannot be inflated. */
function withCorruptPixels(png: Buffer): Buffer {
  const out = Buffer.from(png);
  for (let offset = 8; offset < out.length;) {
    const length = out.readUInt32BE(offset);
    if (out.toString('latin1', offset + 4, offset + 8) === 'IDAT') {
      // Past the two bytes of the zlib header: a deflate stream of nothing but invalid blocks.
      out.fill(0xff, offset + 10, offset + 8 + length);
      out.writeUInt32BE(crc32(out.subarray(offset + 4, offset + 8 + length)), offset + 8 + length);
      return out;
    }
    offset += 12 + length;
  }
  throw new Error('a PNG without pixel data');
}
