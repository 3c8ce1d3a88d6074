import { endpoint, staff } from '../endpoint';
import { paged } from '../fields';
import {
  kycKanaRequest,
  kycPhotoFile,
  staffKycDetail,
  staffKycPhotoParams,
  staffKycQuery,
  staffKycSummary,
} from '../kyc';
import { idParams, reasonRequest } from '../staff';

export const staffKycEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/staff/kyc',
    tag: 'staff: identity verification',
    summary: 'Identity-verification submissions, pending first (ID numbers masked)',
    access: staff('kyc.review'),
    query: staffKycQuery,
    response: paged(staffKycSummary),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/staff/kyc/:id',
    tag: 'staff: identity verification',
    summary: 'One submission with the full ID number and earlier submissions (audited)',
    access: staff('kyc.review'),
    params: idParams,
    response: staffKycDetail,
  }),
  photo: endpoint({
    method: 'GET',
    path: '/api/staff/kyc/:id/photos/:side',
    tag: 'staff: identity verification',
    summary: "A submission's ID photo (front or back), as an image",
    access: staff('kyc.review'),
    params: staffKycPhotoParams,
    response: kycPhotoFile,
    file: true,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/staff/kyc/:id/approve',
    tag: 'staff: identity verification',
    summary: 'Pass a pending submission (audited)',
    access: staff('kyc.review'),
    params: idParams,
    response: staffKycDetail,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/staff/kyc/:id/reject',
    tag: 'staff: identity verification',
    summary: 'Reject a pending submission with a reason the investor sees (audited)',
    access: staff('kyc.review'),
    params: idParams,
    body: reasonRequest,
    response: staffKycDetail,
  }),
  recordKana: endpoint({
    method: 'POST',
    path: '/api/staff/kyc/:id/kana',
    tag: 'staff: kyc',
    summary: 'Record the フリガナ, read from the document, on a passed verification that has none (audited)',
    description:
      'Verifications passed before フリガナ was asked for have none, and their investors cannot withdraw until one is recorded. Only such a submission takes one, once.',
    access: staff('kyc.review'),
    params: idParams,
    body: kycKanaRequest,
    response: staffKycDetail,
  }),
} as const;
