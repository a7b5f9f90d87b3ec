import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../../lib/errors';

/** File kinds recognised from their first bytes. */
export type FileKind = 'png' | 'jpeg' | 'pdf' | 'gif' | 'zip';

export const UPLOAD_PURPOSES = ['avatar', 'agreement', 'file'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

const MB = 1024 * 1024;

export interface UploadRule {
  /** Files of this many bytes or more are refused ("under 2 MB"). */
  maxBytes: number;
  kinds: readonly FileKind[];
  /** SPEC §5 messages, shown by the client as they are. */
  typeMessage: string;
  sizeMessage: string;
}

/**
 * SPEC §5 and §9: avatar PNG/JPEG under 2 MB; agreement JPEG/PNG/PDF under 5 MB. 'file' is our own
 * generic purpose (the "further uploader" of SPEC §5 has no client checks): images, PDF and Office
 * documents (zip containers, e.g. .xlsx) under 20 MB. GIF is recognised but accepted for no purpose.
 * Each purpose accepts a superset of the kinds and sizes of the one before.
 */
export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  avatar: {
    maxBytes: 2 * MB,
    kinds: ['png', 'jpeg'],
    typeMessage: '上传图片只能是 JPG/PNG 格式!',
    sizeMessage: '上传头像图片大小不能超过 2MB!',
  },
  agreement: {
    maxBytes: 5 * MB,
    kinds: ['png', 'jpeg', 'pdf'],
    typeMessage: '上传文件只能是 JPG/PNG 格式或 PDF 格式!',
    sizeMessage: '上传图片大小不能超过 5MB!',
  },
  file: {
    maxBytes: 20 * MB,
    kinds: ['png', 'jpeg', 'pdf', 'zip'],
    typeMessage: '不支持的文件类型',
    sizeMessage: '文件大小不能超过20MB',
  },
};

/** The largest file any purpose accepts: the hard limit of the multipart parser. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/** Bytes needed to tell the kinds apart. */
const HEAD_BYTES = 8;

const startsWith = (head: Buffer, bytes: number[]) =>
  head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The kind of a file from its first bytes; null when it is none of the kinds we know. */
export function detectKind(head: Buffer): FileKind | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  // Local file header of a zip: .xlsx, .docx and the other Office Open XML formats.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return null;
}

const OFFICE_MIME: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * The MIME type stored and served for a file. Always from the detected kind; for a zip container only, the
 * name's extension picks among the Office types (all of them zips), since the first bytes cannot.
 */
export function mimeOf(kind: FileKind, fileName: string): string {
  switch (kind) {
    case 'png':
      return 'image/png';
    case 'jpeg':
      return 'image/jpeg';
    case 'pdf':
      return 'application/pdf';
    case 'gif':
      return 'image/gif';
    case 'zip': {
      const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
      return OFFICE_MIME[ext] ?? 'application/zip';
    }
  }
}

export const tooLarge = (rule: UploadRule) => new AppError(413, rule.sizeMessage);
export const wrongType = (rule: UploadRule) => new AppError(415, rule.typeMessage);

/**
 * Passes a file through while checking it: its kind from the first bytes (refused at once when the rule
 * does not accept it), its size (refused as soon as it reaches the limit, so a huge file is never read to
 * its end), and its SHA-256. Errors destroy the pipeline, which stops reading the upload.
 */
export class UploadInspector extends Transform {
  size = 0;
  kind: FileKind | null = null;
  private head: Buffer = Buffer.alloc(0);
  private readonly hash = createHash('sha256');

  constructor(private readonly rule: UploadRule) {
    super();
  }

  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size >= this.rule.maxBytes) {
      done(tooLarge(this.rule));
    } else if (this.kind !== null) {
      this.hash.update(chunk);
      done(null, chunk);
    } else {
      // Hold the first bytes back until there are enough to recognise the file.
      this.hash.update(chunk);
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < HEAD_BYTES) done();
      else this.releaseHead(done);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.kind === null) this.releaseHead(done);
    else done();
  }

  private releaseHead(done: TransformCallback): void {
    const kind = detectKind(this.head);
    if (kind === null || !this.rule.kinds.includes(kind)) {
      done(wrongType(this.rule));
      return;
    }
    this.kind = kind;
    const head = this.head;
    this.head = Buffer.alloc(0);
    done(null, head);
  }
}
