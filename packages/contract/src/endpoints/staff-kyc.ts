import { endpoint, staff } from '../endpoint';
import { paged } from '../fields';
import { kycPhotoFile, staffKycDetail, staffKycPhotoParams, staffKycQuery, staffKycSummary } from '../kyc';
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
} as const;
