import type { OwnedBusinessRef } from '../owned-business.js';

export const OWNER_ACCESS = Symbol('ownerAccess');

export interface OwnerAccessOptions {
  /**
   * Where the request names a business id, which must be the caller's own business (404
   * otherwise, as for a business that does not exist).
   */
  businessId?: { param: string } | { body: string };
  /** A path parameter naming a user id, which must be the caller's (403 otherwise). */
  userParam?: string;
  /**
   * Public routes with an owner view: without a token, or for another business, the handler runs
   * with no owned business and answers the public view.
   */
  optional?: boolean;
}

/** A request once OwnedBusinessGuard has resolved the caller's business. */
export interface OwnedRequest {
  ownedBusiness?: OwnedBusinessRef;
}
