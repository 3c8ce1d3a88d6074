import { ALL_ENDPOINTS, describeAccess } from '@kabuto/contract';
import { createTestApp } from './harness';

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: {
    content: {
      'application/json': { schema: { properties?: Record<string, unknown>; required?: string[] } };
    };
  };
}

/** "public", "investor" or "staff (permission)" for each operation, from the contract entries. */
const ACCESS = new Map(
  ALL_ENDPOINTS.map((e) => [
    `${e.method.toLowerCase()} ${e.path.replace(/:(\w+)/g, '{$1}')}`,
    describeAccess(e.access),
  ]),
);

/** The OpenAPI document of the app as built, and a Markdown reference rendered from it. */
export async function renderApiDocs(): Promise<{ json: string; markdown: string }> {
  const t = await createTestApp();
  try {
    const doc = t.app.swagger() as {
      info: { description: string };
      paths: Record<string, Record<string, Operation>>;
    };
    const lines = [
      '# Kabuto API reference',
      '',
      'Generated from the OpenAPI document by `npm run docs:api`; the live document is served at `/api/docs/json` and',
      'as a readable page at `/api/docs`. Do not edit by hand.',
      '',
      doc.info.description,
      '',
    ];
    const byTag = new Map<string, string[]>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const tag = op.tags?.[0] ?? 'other';
        const fields = op.requestBody?.content['application/json'].schema;
        const body = fields?.properties
          ? Object.keys(fields.properties)
              .map((name) => (fields.required?.includes(name) ? `\`${name}\`` : `\`${name}\`?`))
              .join(', ')
          : '';
        const query = (op.parameters ?? [])
          .filter((p) => p.in === 'query' && p.name !== 'lang')
          .map((p) => `\`${p.name}\``)
          .join(', ');
        const headers = (op.parameters ?? [])
          .filter((p) => p.in === 'header')
          .map((p) => `\`${p.name}\``)
          .join(', ');
        const auth = ACCESS.get(`${method} ${path}`) ?? 'unknown';
        const rows = byTag.get(tag) ?? [];
        rows.push(
          `| \`${method.toUpperCase()} ${path}\` | ${op.summary ?? ''} | ${auth} | ${[headers && `header: ${headers}`, body && `body: ${body}`, query && `query: ${query}`].filter(Boolean).join('; ')} |`,
        );
        byTag.set(tag, rows);
      }
    }
    for (const [tag, rows] of byTag) {
      lines.push(
        `## ${tag}`,
        '',
        '| endpoint | what it does | who | input |',
        '|---|---|---|---|',
        ...rows,
        '',
      );
    }
    return { json: `${JSON.stringify(doc, null, 2)}\n`, markdown: `${lines.join('\n')}` };
  } finally {
    await t.close();
  }
}
