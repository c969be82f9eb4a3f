/** Every error code the API answers with, and the one HTTP status each goes with. */
export const errorStatus = {
  invalid_request: 400,
  unauthorized: 401,
  plan_upgrade_required: 402,
  feature_not_enabled: 403,
  not_found: 404,
  method_not_allowed: 405,
  domain_already_exists: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorStatus = (typeof errorStatus)[ErrorCode];

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** The code that goes with a status; used to describe responses in the OpenAPI document. */
export function codeForStatus(status: number): ErrorCode | undefined {
  return errorCodes.find((code) => errorStatus[code] === status);
}

/** The feature flag that gates both domain operations. */
export const CUSTOM_DOMAINS_FLAG = 'custom-domains';

/** Plans on which a project may add custom domains. */
export const DOMAIN_PLANS = ['scale', 'enterprise'] as const;

/** Request bodies larger than this are refused with 413. */
export const MAX_BODY_BYTES = 64 * 1024;
