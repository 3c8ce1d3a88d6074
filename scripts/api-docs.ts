// `npm run docs:api`: writes the OpenAPI document of the running code to docs/openapi.json and a
// readable endpoint reference to docs/api.md. A test fails when the committed files are out of date.
import { writeFileSync } from 'node:fs';
import { renderApiDocs } from '../apps/server/test/api-docs';

const { json, markdown } = await renderApiDocs();
const docs = new URL('../docs/', import.meta.url).pathname;
writeFileSync(`${docs}openapi.json`, json);
writeFileSync(`${docs}api.md`, markdown);
console.log('docs/openapi.json and docs/api.md written');
