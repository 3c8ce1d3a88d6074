import { INVESTOR, endpoint } from '../endpoint';
import { KYC_MAX_FILE_BYTES, kycPhotoFile, kycPhotoParams, kycState, kycSubmitRequest } from '../kyc';

export const kycEndpoints = {
  state: endpoint({
    method: 'GET',
    path: '/api/kyc',
    tag: 'identity verification',
    summary: 'Your identity verification: status, rejection reason, submission time',
    access: INVESTOR,
    response: kycState,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/kyc',
    tag: 'identity verification',
    summary:
      'Submit full name, its katakana reading, ID number and both ID photos (multipart: fullName, fullNameKana, idNumber, front, back)',
    description:
      'Each photo is a JPEG, PNG, WebP or HEIC image of at most 10 MB, judged by its bytes (never its name or Content-Type), decoded and re-encoded so metadata such as EXIF GPS is dropped. A refused photo stores nothing, and both are checked (type, structure, size in pixels) before either is decoded. One submission at a time per investor (a second while the first is being decoded: RATE_LIMITED), and counted by the per-client limit of the login endpoints. Refused while a submission is under review or once verification has passed.',
    access: INVESTOR,
    // Each submission decodes two photos of up to 64 megapixels.
    authRateLimited: true,
    body: kycSubmitRequest,
    upload: {
      files: { front: 'KYC_FRONT_REQUIRED', back: 'KYC_BACK_REQUIRED' },
      maxFileBytes: KYC_MAX_FILE_BYTES,
      tooLarge: 'KYC_FILE_TOO_LARGE',
    },
    response: kycState,
  }),
  photo: endpoint({
    method: 'GET',
    path: '/api/kyc/photos/:side',
    tag: 'identity verification',
    summary: 'Your latest submitted ID photo (front or back), as an image',
    access: INVESTOR,
    params: kycPhotoParams,
    response: kycPhotoFile,
    file: true,
  }),
} as const;
