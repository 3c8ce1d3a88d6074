export { ApiError } from './api-error';
export { createApiClient, urlOf, type ApiClient, type ClientOptions, type UploadInput } from './client';
export { newIdempotencyKey } from './idempotency-key';
