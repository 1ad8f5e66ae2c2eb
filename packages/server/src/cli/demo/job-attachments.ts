/** The jobs' notes, files (PDFs) and images (photos) in the demo. */
import sharp from 'sharp';
import type { BlobContent } from '../../engine/context.ts';
import { preparePdf, prepareImage } from '../../platform/attachments/stored-files.ts';
import type { DemoJobs } from './jobs.ts';
import { load } from './load.ts';
import type { DemoCrew } from './people.ts';
import { DAY, type SeedContext } from './seed-context.ts';

const JOB_NOTES = [
  'Customer asked for a call 30 minutes before arrival.',
  'Gate code 4821. Park on the street.',
  'Measured twice; the east opening is out of square by 1/4".',
  'Tempered glass ordered, lead time 10 business days.',
  'Existing mirror has to be removed and disposed of.',
  'Bring the suction cups and the big ladder.',
];

/** A one-page PDF with a line of text (a drawing or a quote, as the demo pretends). */
function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small "site photo": a wall colour with a window frame drawn on it. */
async function demoPhoto(wall: string, label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${wall}"/><rect x="220" y="110" width="360" height="300" fill="#bcd9ea" stroke="#f4f4f4" stroke-width="18"/><line x1="400" y1="110" x2="400" y2="410" stroke="#f4f4f4" stroke-width="12"/><rect y="480" width="800" height="120" fill="#8a7360"/><text x="30" y="560" font-family="sans-serif" font-size="36" fill="#fff">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Notes, files and images at the scale's counts, each on a job drawn towards the recent ones. The
 * rows are metadata: files and images name a few real blobs (a handful of PDFs and photos,
 * content-addressed, so many records share them), which keeps a 100k-job build fast.
 */
export async function seedAttachments(
  ctx: SeedContext,
  given: { jobs: DemoJobs; crew: DemoCrew },
): Promise<{ counts: { notes: number; files: number; images: number } }> {
  const { db, rng, scale, todayMs } = ctx;
  const { users } = given.crew;
  const { ids: jobIds, infos: jobs } = given.jobs;
  const started = Date.now();
  if (!jobIds.length) return { counts: { notes: 0, files: 0, images: 0 } };
  const userId = () => (users.length ? rng.pick(users).id : null);
  // A job, with density rising linearly from the oldest job to the newest (twice the mean), so a
  // recent job has a few of each, never hundreds; and when it was added: in the job's first three
  // weeks, during working hours, but never on or after `today` (a job that starts later, or started
  // in the last days, has its paperwork from the days just before).
  const onRecentJob = () => {
    const j = Math.min(jobIds.length - 1, Math.floor(Math.sqrt(rng.next()) * jobIds.length));
    let day = jobs[j]!.start + rng.int(0, 20) * DAY;
    const hour = rng.int(7, 17) * 3600_000;
    if (day >= todayMs) day = todayMs - rng.int(1, 10) * DAY;
    return { jobId: jobIds[j]!, at: new Date(day + hour).toISOString() };
  };
  const photos = await Promise.all(
    [
      ['#d9c7a7', 'Kitchen'],
      ['#c9d3c0', 'Bath'],
      ['#d0c4d6', 'Lobby'],
      ['#e0d6c3', 'Office'],
    ].map(async ([wall, label]) => prepareImage(`${label}.jpg`, await demoPhoto(wall!, label!))),
  );
  const pdfs = await Promise.all(
    ['Shop drawing', 'Quote', 'Site plan', 'Elevation'].map((t) => preparePdf(`${t.toLowerCase().replace(/ /g, '-')}.pdf`, demoPdf(t))),
  );
  await db.transaction(async (tx) => {
    const putBlob = (b: BlobContent) =>
      tx.query(`INSERT INTO blobs (sha256, mime, size, data) VALUES ($1, $2, $3, decode($4, 'base64')) ON CONFLICT (sha256) DO NOTHING`, [
        b.sha256,
        b.mime,
        b.data.length,
        b.data.toString('base64'),
      ]);
    for (const p of photos) {
      await putBlob(p.main);
      await putBlob(p.thumb!);
    }
    for (const p of pdfs) await putBlob(p.main);
  });
  await load(ctx, 'notes', 6, async (push) => {
    for (let i = 0; i < scale.notes; i++) {
      const { jobId, at } = onRecentJob();
      await push({
        job_id: jobId,
        user_id: userId(),
        internal_only: rng.chance(0.3),
        note: rng.pick(JOB_NOTES),
        date: at.slice(0, 10),
        created_at: at,
        updated_at: at,
      });
    }
  });
  await load(ctx, 'files', 8, async (push) => {
    for (let i = 0; i < scale.files; i++) {
      const { jobId, at } = onRecentJob();
      const pdf = rng.pick(pdfs);
      await push({
        description: pdf.name.replace(/\.pdf$/, '').replace(/-/g, ' '),
        path: pdf.name,
        job_id: jobId,
        user_id: userId(),
        size: pdf.main.data.length,
        sha256: pdf.main.sha256,
        created_at: at,
        updated_at: at,
      });
    }
  });
  // Drawn first, then put in time order and numbered per job as the Images dialog names them
  // (image-1, image-2, … on each job, in the order the job's Images tab shows them).
  const imageRows: {
    job_id: number;
    user_id: number | null;
    size: number;
    sha256: string;
    thumb_sha256: string;
    created_at: string;
    updated_at: string;
    description?: string;
  }[] = [];
  for (let i = 0; i < scale.images; i++) {
    const { jobId, at } = onRecentJob();
    const p = rng.pick(photos);
    imageRows.push({
      job_id: jobId,
      user_id: userId(),
      size: p.main.data.length,
      sha256: p.main.sha256,
      thumb_sha256: p.thumb!.sha256,
      created_at: at,
      updated_at: at,
    });
  }
  imageRows.sort((a, b) => a.created_at.localeCompare(b.created_at));
  const perJob = new Map<number, number>();
  for (const row of imageRows) {
    const n = (perJob.get(row.job_id) ?? 0) + 1;
    perJob.set(row.job_id, n);
    row.description = `image-${n}`;
  }
  await load(ctx, 'images', 8, async (push) => {
    for (const row of imageRows) await push(row);
  });
  ctx.log?.(
    `  ${'notes, files, images'.padEnd(26)} ${String(scale.notes + scale.files + scale.images).padStart(8)} rows  ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { counts: { notes: scale.notes, files: scale.files, images: scale.images } };
}
