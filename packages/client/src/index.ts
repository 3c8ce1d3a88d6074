export { ApiError } from './api-error';
export { createApiClient, urlOf, type ApiClient, type ClientOptions } from './client';
