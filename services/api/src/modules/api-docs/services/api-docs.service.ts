import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { buildOpenApiDocument } from '@slotwise/contracts/openapi';
import { APP_VERSION } from '../../../core/app-version.js';
import { renderDocsPage } from './docs-page.js';

/** A body served as is, with the validator that lets clients revalidate it. */
export interface CachedBody {
  body: string;
  etag: string;
}

const cached = (body: string): CachedBody => ({
  body,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

/**
 * The document and its page, built once per process on first use: both depend only on the
 * contracts this process was built with.
 */
@Injectable()
export class ApiDocsService {
  private built?: { json: CachedBody; page: CachedBody };

  private build() {
    if (!this.built) {
      const document = buildOpenApiDocument({ version: APP_VERSION });
      this.built = {
        json: cached(JSON.stringify(document)),
        page: cached(renderDocsPage(document)),
      };
    }
    return this.built;
  }

  json(): CachedBody {
    return this.build().json;
  }

  page(): CachedBody {
    return this.build().page;
  }
}
