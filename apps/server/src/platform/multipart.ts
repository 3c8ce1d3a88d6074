import type { EndpointDef } from '@kabuto/contract';
import type { FastifyRequest } from 'fastify';
import { fail } from './errors';

type Upload = NonNullable<EndpointDef['upload']>;

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

const MAX_TEXT_FIELDS = 20;

/**
 * Reads a multipart request whole: its text fields, and the file parts the endpoint names, each at most
 * `maxFileBytes`. A part it does not name, a second part of one name or an oversized file is refused here,
 * before anything is stored.
 */
export async function readMultipart(request: FastifyRequest, upload: Upload): Promise<MultipartBody> {
  if (!request.isMultipart()) throw fail('BAD_REQUEST');
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  const parts = request.parts({
    limits: {
      fileSize: upload.maxFileBytes,
      files: Object.keys(upload.files).length,
      fields: MAX_TEXT_FIELDS,
      fieldSize: 4096,
    },
  });
  for await (const part of parts) {
    const name = part.fieldname;
    if (name in fields || name in files) throw fail('UNKNOWN_FIELD', { field: name });
    if (part.type === 'field') {
      fields[name] = typeof part.value === 'string' ? part.value : String(part.value);
      continue;
    }
    if (!(name in upload.files)) {
      part.file.resume();
      throw fail('UNKNOWN_FIELD', { field: name });
    }
    try {
      files[name] = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw fail(upload.tooLarge, { field: name });
      throw error;
    }
  }
  return { fields, files };
}

/** The first file the endpoint needs that is missing (in the order the contract names them), as its error. */
export function requireFiles(upload: Upload, files: Record<string, Buffer>): void {
  for (const [name, missing] of Object.entries(upload.files)) {
    const file = files[name];
    if (!file || file.length === 0) throw fail(missing, { field: name });
  }
}
