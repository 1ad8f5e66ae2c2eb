/**
 * Server side: files and images stored as content-addressed blobs (docs/platform.md, Files and
 * images"): multipart uploads checked by their bytes, the 20 MB cap, images re-encoded without
 * EXIF and with a thumbnail, authenticated downloads, and deleting a user with what they created.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Row } from '../src/db/client.ts';
import { purgeTrash } from '../src/platform/purge-trash.ts';
import { signedIn, Client, PASSWORD, pdfBytes, type FormPart, appWithRoles, jobBody } from './harness.ts';

const suite = appWithRoles();
const { as, ids } = suite;

type Part = FormPart;
const upload = (c: Client, url: string, parts: Part[]) => c.upload(url, parts);

async function download(c: Client, url: string) {
  return suite.env.app.inject({ method: 'GET', url, headers: { cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
}

const pdf = pdfBytes;
const count = async (table: string) => Number((await suite.env.db.query<Row>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
const blobCount = () => count('blobs');

/** A photo as a phone takes it: JPEG with EXIF, GPS position included. */
async function phonePhoto(width = 1600, height = 1200, colour = '#3366aa'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'secret-owner-name', Make: 'PhoneCo' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 12/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 40/1 30/1' },
    })
    .toBuffer();
}

let seq = 0;
const job = async () => (await as.manager.post('/api/jobs', await jobBody({ number: `F-${++seq}` }))).body;

describe('files', () => {
  it('uploads a PDF as multipart and serves it back only to signed-in users with the right', async () => {
    const j = await job();
    const bytes = pdf('plan');
    const res = await upload(as.supervisor, '/api/files', [
      { name: 'description', value: 'Floor plan' },
      { name: 'job_id', value: String(j.id) },
      { name: 'estimate_id', value: '' },
      { name: 'file', filename: 'plan “v2”.pdf', type: 'application/pdf', data: bytes },
    ]);
    expect(res.status).toBe(201);
    const file = res.body;
    expect(file).toMatchObject({
      description: 'Floor plan',
      job_id: j.id,
      estimate_id: null,
      path: 'plan “v2”.pdf',
      size: bytes.length,
      user_id: ids.supervisor.id,
      url: `/api/files/${file.id}/download`,
    });
    // the job lists it with its URL
    const withFiles = (await as.employee.get(`/api/jobs/${j.id}`)).body.files as Row[];
    expect(withFiles.map((f) => [f.id, f.url])).toEqual([[file.id, `/api/files/${file.id}/download`]]);

    const got = await download(as.employee, file.url as string);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`inline; filename="plan _v2_.pdf"; filename*=UTF-8''${encodeURIComponent('plan “v2”.pdf')}`);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    // revalidation by hash
    const again = await suite.env.app.inject({
      method: 'GET',
      url: file.url as string,
      headers: { cookie: [...as.employee.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'if-none-match': String(got.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const guest = new Client(suite.env.app);
    expect((await download(guest, file.url as string)).statusCode).toBe(401);
    expect((await download(as.manager, '/api/files/999999/download')).statusCode).toBe(404);
    // the row holds no data, the blob table does
    const [row] = await suite.env.db.query<Row>('SELECT url, sha256 FROM files WHERE id = $1', [file.id]);
    expect(row!.url).toBeNull();
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses what is not a PDF by its bytes, a file record without a file, and uploads without the right, writing nothing', async () => {
    const j = await job();
    const [files, blobs] = [await count('files'), await blobCount()];
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const renamed = await upload(as.manager, '/api/files', [
      { name: 'description', value: 'Not really' },
      { name: 'job_id', value: String(j.id) },
      { name: 'file', filename: 'photo.pdf', type: 'application/pdf', data: png },
    ]);
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ file: ['Only PDF files can be uploaded.'] });
    const text = await upload(as.manager, '/api/files', [
      { name: 'description', value: 'Text' },
      { name: 'file', filename: 'notes.pdf', data: Buffer.from('just some text, not %PDF') },
    ]);
    expect(text.status).toBe(422);
    const noFile = await upload(as.manager, '/api/files', [{ name: 'description', value: 'Nothing' }]);
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors).toHaveProperty('file');
    const noDescription = await upload(as.manager, '/api/files', [{ name: 'file', filename: 'a.pdf', data: pdf() }]);
    expect(noDescription.status).toBe(422);
    expect(noDescription.body.errors).toHaveProperty('description');
    const json = await as.manager.post('/api/files', { description: 'JSON only', job_id: j.id });
    expect(json.status).toBe(422);
    expect(json.body.errors).toHaveProperty('file');
    expect(
      (
        await upload(as.employee, '/api/files', [
          { name: 'description', value: 'x' },
          { name: 'file', filename: 'a.pdf', data: pdf() },
        ])
      ).status,
    ).toBe(403);
    expect([await count('files'), await blobCount()]).toEqual([files, blobs]);
  });

  it('takes a PDF of exactly 20 MB and refuses one byte more (413), writing nothing', async () => {
    const cap = 20 * 1024 * 1024;
    const base = pdf('big');
    const exact = pdf('big', cap - base.length);
    expect(exact.length).toBe(cap);
    const ok = await upload(as.manager, '/api/files', [
      { name: 'description', value: 'Exactly 20 MB' },
      { name: 'file', filename: 'big.pdf', data: exact },
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body.size).toBe(cap);
    const files = await count('files');
    const over = await upload(as.manager, '/api/files', [
      { name: 'description', value: 'Too big' },
      { name: 'file', filename: 'bigger.pdf', data: pdf('big', cap - base.length + 1) },
    ]);
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('The file is larger than 20 MB.');
    expect(await count('files')).toBe(files);
    expect((await as.manager.del(`/api/files/${ok.body.id}`)).status).toBe(200);
  });

  it('stores the same content once, and removes it with the last file that holds it', async () => {
    const bytes = pdf('shared content');
    const blobs = await blobCount();
    const one = await upload(as.manager, '/api/files', [
      { name: 'description', value: 'One' },
      { name: 'file', filename: 'a.pdf', data: bytes },
    ]);
    const two = await upload(as.manager, '/api/files', [
      { name: 'description', value: 'Two' },
      { name: 'file', filename: 'b.pdf', data: bytes },
    ]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(await blobCount()).toBe(blobs + 1);
    await as.manager.del(`/api/files/${one.body.id}`);
    expect(await blobCount()).toBe(blobs + 1);
    expect((await download(as.manager, two.body.url as string)).statusCode).toBe(200);
    await as.manager.del(`/api/files/${two.body.id}`);
    expect(await blobCount()).toBe(blobs);
  });

  it('edits a file’s description with a plain PATCH; its PDF stays', async () => {
    const up = await upload(as.manager, '/api/files', [
      { name: 'description', value: 'Before' },
      { name: 'file', filename: 'a.pdf', data: pdf('edit') },
    ]);
    const res = await as.supervisor.patch(`/api/files/${up.body.id}`, { ...up.body, description: 'After', path: 'evil.exe', sha256: 'f'.repeat(64) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'After', path: 'a.pdf', sha256: up.body.sha256 });
  });
});

describe('images', () => {
  it('re-encodes an upload: EXIF and GPS gone, at most 2560 px, with a 320 px thumbnail', async () => {
    const photo = await phonePhoto(3000, 2000);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from('secret-owner-name'))).toBe(true);
    const j = await job();
    const res = await upload(as.supervisor, '/api/images', [
      { name: 'description', value: 'Site' },
      { name: 'job_id', value: String(j.id) },
      { name: 'file', filename: 'IMG_0001.jpg', type: 'image/jpeg', data: photo },
    ]);
    expect(res.status).toBe(201);
    const image = res.body;
    expect(image).toMatchObject({
      description: 'Site',
      job_id: j.id,
      user_id: ids.supervisor.id,
      url: `/api/images/${image.id}/full`,
      thumb_url: `/api/images/${image.id}/thumb`,
    });

    const full = await download(as.employee, image.url as string);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['content-disposition']).toMatch(/^inline; filename="image-\d+\.jpg"/);
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2560, height: 1707 });
    expect(meta.exif).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('secret-owner-name'))).toBe(false);
    expect(full.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    const thumb = await download(as.employee, image.thumb_url as string);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 213 });
    expect((await download(as.employee, `/api/images/${image.id}/original`)).statusCode).toBe(404);
    const [row] = await suite.env.db.query<Row>('SELECT url FROM images WHERE id = $1', [image.id]);
    expect(row!.url).toBeNull();
  });

  it('uploads a batch with a description per image, all or nothing, naming a file that is not an image', async () => {
    const j = await job();
    const photos = await Promise.all(['#a00', '#0a0', '#00a'].map((c) => phonePhoto(400, 300, c)));
    const batch = await upload(as.manager, '/api/images/store_many', [
      { name: 'job_id', value: String(j.id) },
      ...photos.flatMap((data, i): Part[] => [
        { name: 'description', value: `image-${i + 1}` },
        { name: 'file', filename: `p${i}.jpg`, data },
      ]),
    ]);
    expect(batch.status).toBe(200);
    expect(batch.body.data!.map((r) => [r.description, r.job_id])).toEqual([
      ['image-1', j.id],
      ['image-2', j.id],
      ['image-3', j.id],
    ]);

    const images = await count('images');
    const mixed = await upload(as.manager, '/api/images/store_many', [
      { name: 'job_id', value: String(j.id) },
      { name: 'file', filename: 'ok.jpg', data: photos[0]! },
      { name: 'file', filename: 'notes.jpg', type: 'image/jpeg', data: Buffer.from('not an image at all') },
      { name: 'file', filename: 'plan.png', data: pdf() },
    ]);
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors).toEqual({ 'data.1.file': ['notes.jpg is not an image.'], 'data.2.file': ['plan.png is not an image.'] });
    const six = await upload(
      as.manager,
      '/api/images/store_many',
      Array.from({ length: 6 }, (_, i): Part => ({ name: 'file', filename: `${i}.jpg`, data: photos[0]! })),
    );
    expect(six.status).toBe(413);
    const none = await upload(as.manager, '/api/images/store_many', [{ name: 'job_id', value: String(j.id) }]);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Please select at least one image.');
    expect(await count('images')).toBe(images);
  });

  it('takes the spec’s data URLs (JSON store_many) and keeps a URL in the record, never the data', async () => {
    const j = await job();
    const photo = await phonePhoto(500, 400);
    const dataUrl = `data:image/jpeg;base64,${photo.toString('base64')}`;
    const res = await as.manager.post('/api/images/store_many', { data: [{ description: 'image-1', job_id: j.id, url: dataUrl }] });
    expect(res.status).toBe(200);
    const [image] = res.body.data!;
    expect(image!.url).toBe(`/api/images/${image!.id}/full`);
    const full = await download(as.manager, image!.url as string);
    expect((await sharp(full.rawPayload).metadata()).exif).toBeUndefined();
    expect((await suite.env.db.query<Row>("SELECT count(*) AS n FROM images WHERE url LIKE 'data:%'"))[0]!.n).toBe(0);
    // sending the record back unchanged keeps its picture; another URL is refused
    const same = await as.manager.patch(`/api/images/${image!.id}`, { ...image, description: 'Renamed' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ description: 'Renamed', sha256: image!.sha256 });
    const elsewhere = await as.manager.patch(`/api/images/${image!.id}`, { url: 'https://example.com/x.jpg' });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors).toHaveProperty('url');
    const notImage = await as.manager.post('/api/images', { url: `data:image/png;base64,${Buffer.from('hello').toString('base64')}` });
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors).toHaveProperty('url');
  });

  it('lets `edit images` or the uploader edit an image, and nobody else', async () => {
    const photo = await phonePhoto(200, 200);
    const up = await upload(as.manager, '/api/images', [
      { name: 'description', value: 'Mine?' },
      { name: 'file', filename: 'a.jpg', data: photo },
    ]);
    expect((await as.employee.patch(`/api/images/${up.body.id}`, { description: 'Not yours' })).status).toBe(403);
    expect((await upload(as.employee, '/api/images', [{ name: 'file', filename: 'a.jpg', data: photo }])).status).toBe(403);
    await suite.env.db.query('UPDATE images SET user_id = $1 WHERE id = $2', [ids.employee.id, up.body.id]); // as if the employee had uploaded it
    const own = await as.employee.patch(`/api/images/${up.body.id}`, { description: 'My photo' });
    expect(own.status).toBe(200);
    expect(own.body.description).toBe('My photo');
    expect((await as.supervisor.patch(`/api/images/${up.body.id}`, { description: 'Edited' })).status).toBe(200);
    // the uploader's store_many takes small bodies only: the raised limit is for `edit images`
    const small = await as.employee.post('/api/images/store_many', { data: [{ id: up.body.id, description: 'Batch edit' }] });
    expect(small.status).toBe(200);
    expect(small.body.data![0]!.description).toBe('Batch edit');
    const big = await as.employee.post('/api/images/store_many', {
      data: [{ id: up.body.id, description: 'x', url: `data:image/png;base64,${'A'.repeat(2 * 1024 * 1024)}` }],
    });
    expect(big.status).toBe(413);
    const [row] = await suite.env.db.query<Row>('SELECT description FROM images WHERE id = $1', [up.body.id]);
    expect(row!.description).toBe('Batch edit');
  });

  it('removes the blobs of a purged job’s files and images', async () => {
    const j = await job();
    const blobs = await blobCount();
    await upload(as.manager, '/api/files', [
      { name: 'description', value: 'On the job' },
      { name: 'job_id', value: String(j.id) },
      { name: 'file', filename: 'j.pdf', data: pdf('job only') },
    ]);
    await upload(as.manager, '/api/images', [
      { name: 'job_id', value: String(j.id) },
      { name: 'file', filename: 'j.jpg', data: await phonePhoto(300, 300, '#123456') },
    ]);
    expect(await blobCount()).toBe(blobs + 3); // the PDF, the image and its thumbnail
    expect((await as.manager.del(`/api/jobs/${j.id}`)).status).toBe(200);
    expect(await blobCount()).toBe(blobs + 3); // in the trash: restorable, contents and all
    await suite.env.db.query("UPDATE jobs SET deleted_at = now() - interval '31 days' WHERE id = $1", [j.id]);
    await purgeTrash(suite.env.db);
    expect(await blobCount()).toBe(blobs);
  });
});

describe('deleting a user', () => {
  async function userWithContent(email: string) {
    const created = await as.admin.post('/api/users', { name: 'Leaving', email, role: 'supervisor', password: PASSWORD, password_confirmation: PASSWORD });
    expect(created.status).toBe(201);
    const leaving = await signedIn(suite.env.app, email);
    const j = await job();
    const note = (await leaving.post('/api/notes', { job_id: j.id, note: 'Measured twice' })).body;
    const file = (
      await upload(leaving, '/api/files', [
        { name: 'description', value: 'Theirs' },
        { name: 'job_id', value: String(j.id) },
        { name: 'file', filename: 't.pdf', data: pdf(email) },
      ])
    ).body;
    const image = (
      await upload(leaving, '/api/images', [
        { name: 'job_id', value: String(j.id) },
        { name: 'file', filename: 't.jpg', data: await phonePhoto(100, 100, '#654321') },
      ])
    ).body;
    return { user: created.body, job: j, note, file, image };
  }

  it('removes the notes, images and files they created, with audit rows and their blobs, and nobody else’s', async () => {
    const blobs = await blobCount();
    const others = (await as.manager.post('/api/notes', { note: 'Stays' })).body;
    const { user, job: j, note, file, image } = await userWithContent('leaving@test.local');
    expect(await blobCount()).toBe(blobs + 3);
    const res = await as.admin.del(`/api/users/${user.id}`);
    expect(res.status).toBe(200);
    expect((await as.admin.get(`/api/notes/${note.id}`)).status).toBe(404);
    expect((await as.admin.get(`/api/files/${file.id}`)).status).toBe(404);
    expect((await as.admin.get(`/api/images/${image.id}`)).status).toBe(404);
    expect((await as.admin.get(`/api/notes/${others.id}`)).status).toBe(200);
    expect((await as.admin.get(`/api/jobs/${j.id}`)).status).toBe(200);
    expect(await blobCount()).toBe(blobs);
    const audit = await suite.env.db.query<Row>(
      "SELECT resource, record_id, action FROM audit_log WHERE action = 'delete' AND ((resource = 'notes' AND record_id = $1) OR (resource = 'files' AND record_id = $2) OR (resource = 'images' AND record_id = $3) OR (resource = 'users' AND record_id = $4)) ORDER BY id",
      [note.id, file.id, image.id, user.id],
    );
    expect(audit.map((a) => a.resource)).toEqual(['notes', 'files', 'images', 'users']);
  });

  it('removes nothing when the user cannot be deleted', async () => {
    const { user, job: j, note, file, image } = await userWithContent('kept@test.local');
    expect((await as.admin.post('/api/time_entries', { user_id: user.id, job_id: j.id, hours: 2, date: '2026-11-20' })).status).toBe(201);
    const blobs = await blobCount();
    const res = await as.admin.del(`/api/users/${user.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/time entries.*Make the user inactive instead/);
    for (const url of [`/api/notes/${note.id}`, `/api/files/${file.id}`, `/api/images/${image.id}`, `/api/users/${user.id}`])
      expect((await as.admin.get(url)).status).toBe(200);
    expect(await blobCount()).toBe(blobs);
  });
});
